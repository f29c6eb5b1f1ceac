// sched_getaffinity and CPU_COUNT are GNU extensions, which Swift's Glibc module does not expose.
#define _GNU_SOURCE
#include <sched.h>
#include <unistd.h>
#include "CProcessors.h"

int whatsnew_usable_processors(void) {
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int count = CPU_COUNT(&set);
        return count > 0 ? count : 1;
    }
#endif
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}
