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
//
// A block of one huge page given back is kept, up to kKeptBytes in all,
// and handed out again to the next map() of one page: the window runs the
// same shape of scenario over and over (each slider step), and a fresh
// huge page is slow to get on a VM. On the build VM a run of 16 flows maps
// 17 trace blocks of one page, and its setup took 15 ms, at times
// 45-65 ms, where a run of one flow took 1.2 ms; the kernel zeroes each
// new 2 MiB page and the hypervisor backs it. A kept block is handed out
// as it was left, not zeroed: its users (a ring, a trace) write before
// they read. Larger blocks are a fast path's rings, given back as they
// double and not asked for again at that size in the run: keeping them
// raised the worst path's peak memory from 93 to 162 MiB, so they are
// unmapped as before; and mapping one first unmaps the kept pages, as the
// run's peak is ahead of it (kept, the rings' one-page blocks they
// outgrew added 6 MiB to the worst path's).
#pragma once

#include <cstddef>

namespace inflight::huge_blocks {

inline constexpr std::size_t kPageBytes = std::size_t{2} << 20;
// The most a process keeps of one-page blocks given back: 32 pages, a
// 16-flow run's traces (17 blocks) and its rings of one page.
inline constexpr std::size_t kKeptBytes = std::size_t{64} << 20;

// A block of at least `bytes`, aligned to and sized in whole huge
// pages, advised for huge pages and populated: for one page, a kept one
// if there is one (its contents as last left), else newly mapped (zeroed);
// for more, newly mapped after the kept pages are unmapped.
// Throws std::bad_alloc when it cannot be mapped.
void* map(std::size_t bytes);
// Gives back a block map(bytes) returned: a one-page block is kept while
// the kept blocks stay within kKeptBytes; any other is unmapped. Safe from
// any thread.
void unmap(void* block, std::size_t bytes) noexcept;
// The bytes kept now.
std::size_t kept_bytes();
// Unmaps every kept block (memory handed back to the kernel).
void release_kept() noexcept;

}  // namespace inflight::huge_blocks
