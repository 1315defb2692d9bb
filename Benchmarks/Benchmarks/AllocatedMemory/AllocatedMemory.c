#include "AllocatedMemory.h"

// NB: C, because Swift's Glibc module does not bring malloc.h.
#if defined(__APPLE__)
#include <malloc/malloc.h>

size_t allocatedHeapBytes(void) {
  malloc_statistics_t statistics;
  malloc_zone_statistics(NULL, &statistics);
  return statistics.size_in_use;
}
#else
#include <malloc.h>

size_t allocatedHeapBytes(void) { return mallinfo2().uordblks; }
#endif
