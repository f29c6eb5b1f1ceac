#ifndef CPROCESSORS_H
#define CPROCESSORS_H

/// The number of processors the calling process may run on (its affinity mask: `taskset -c 0` makes it 1),
/// at least 1. Where the affinity cannot be read, the processors online.
int whatsnew_usable_processors(void);

#endif
