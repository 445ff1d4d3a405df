// glibc's heap told to keep what the window frees (heap_reuse.h).
#include "ui/session/heap_reuse.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace inflight::ui {

bool keep_freed_memory_for_reuse() {
#if defined(__GLIBC__)
    // 32 MiB is the largest threshold glibc accepts on 64-bit (half its
    // per-thread heap of 64 MiB); a larger block is still mapped apart.
    constexpr int kFromHeapUpToBytes = 32 << 20;
    // Give memory back to the kernel only above 1 GiB free at a heap's top:
    // in practice never while the window is open.
    constexpr int kTrimAboveBytes = 1 << 30;
    return mallopt(M_MMAP_THRESHOLD, kFromHeapUpToBytes) == 1 && mallopt(M_TRIM_THRESHOLD, kTrimAboveBytes) == 1;
#else
    return false;
#endif
}

}  // namespace inflight::ui
