#ifndef WHATSNEW_CFUZZERDRIVER_H
#define WHATSNEW_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, LLVM 12 and later), linked in by `-sanitize=fuzzer`. SwiftPM gives every
/// executable its own `main`, so the fuzz target's `main` calls this instead of using libFuzzer's `main`.
/// Only a build with `-sanitize=fuzzer` may call it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
