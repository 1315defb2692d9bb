#ifndef ALLOCATED_MEMORY_H
#define ALLOCATED_MEMORY_H

#include <stddef.h>

/// The bytes the process's heap holds allocated now: the benchmarks' measure of memory per key.
size_t allocatedHeapBytes(void);

#endif
