// The window's heap keeps the memory it frees, so the next run's copies
// land on pages already written.
//
// While a run streams in, the worker copies every flow's trace into each
// provisional frame (every 30 ms or so), and the UI thread frees the frame
// it replaces. With glibc's defaults a large block (above a threshold of
// 128 KiB that rises to the largest block freed) is mapped fresh and
// unmapped when freed, and the top of a heap is given back to the kernel
// beyond twice that threshold, so nearly every copy is written onto fresh
// pages. The first write to a fresh 4 KiB page traps; on a virtual
// machine (this project's 2-core build VM) about 11 µs a page, 0.7 µs a
// 256-byte bucket: 16 flows' traces half-way through a 40 s run (16 MB)
// took 45 ms to copy, and seven such frames doubled the run's wall time.
//
// keep_freed_memory_for_reuse() sets glibc's two thresholds (mallopt,
// M_MMAP_THRESHOLD and M_TRIM_THRESHOLD) so blocks up to 32 MiB (glibc's
// largest) come from the heap and freed memory stays in it. The window's
// memory then stays at its peak rather than following each run down; a
// window run draws at most 16 flows, so that peak is tens of megabytes.
// Called once, before the window's first run. On a C library other than
// glibc, or under a sanitizer's allocator, it changes nothing and returns
// false.
#pragma once

namespace inflight::ui {

// True when glibc took both thresholds.
bool keep_freed_memory_for_reuse();

}  // namespace inflight::ui
