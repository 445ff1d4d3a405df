// Memory for a run's large blocks (its traces, its longest rings) in 2 MiB
// pages when the kernel has them.
//
// Memory a run writes for the first time is slow on a virtual machine:
// each first write to a 4 KiB page traps into the kernel and on to the
// hypervisor. On the project's 2-core build VM four fresh 1.28 MB blocks
// cost 12-15 ms to write the first time, a quarter of a 40 s fq_codel
// run; populated in one call (madvise(MADV_POPULATE_WRITE)) 5.4-5.7 ms, as
// the hypervisor still traps on each page's first user write; backed by
// transparent huge pages (madvise(MADV_HUGEPAGE), Linux's THP) and then
// populated, 0.6-1.1 ms: one mapping per 2 MiB instead of 512.
// A block read and written over and over gains too: a ring of 10 MB (BBR's
// scoreboard at 10 Gbit/s) walked in 4 KiB pages misses the TLB every 100
// segments, and on a VM each miss walks two page tables.
//
// map() rounds a block up to whole 2 MiB pages aligned to them (a 1.28 MB
// trace takes 2 MiB of address space); the kernel uses small pages when it
// has no huge page free, and the block works as before. Results do not
// change: only where the bytes are.
#pragma once

#include <cstddef>

namespace inflight::huge_blocks {

inline constexpr std::size_t kPageBytes = std::size_t{2} << 20;
// A block of at least `bytes`, aligned to and sized in whole huge
// pages, advised for huge pages and populated. Throws std::bad_alloc when
// it cannot be mapped.
void* map(std::size_t bytes);
// Unmaps a block map(bytes) returned.
void unmap(void* block, std::size_t bytes) noexcept;

}  // namespace inflight::huge_blocks
