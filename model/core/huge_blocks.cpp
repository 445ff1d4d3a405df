// Blocks in whole huge pages (huge_blocks.h).
#include "model/core/huge_blocks.h"

#include <cstdint>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace inflight::huge_blocks {

namespace {
std::size_t whole_pages(std::size_t bytes) {
    return (bytes + kPageBytes - 1) / kPageBytes * kPageBytes;
}
}  // namespace

void* map(std::size_t bytes) {
#if defined(__linux__)
    const std::size_t size = whole_pages(bytes == 0 ? 1 : bytes);
    // Map one page more than needed and keep the aligned part: mmap only
    // promises 4 KiB alignment, and a huge page must start on a 2 MiB line.
    void* raw = mmap(nullptr, size + kPageBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    const auto start = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t aligned = (start + kPageBytes - 1) / kPageBytes * kPageBytes;
    if (aligned > start) munmap(raw, aligned - start);
    const std::uintptr_t tail = start + size + kPageBytes - (aligned + size);
    if (tail > 0) munmap(reinterpret_cast<void*>(aligned + size), tail);
#if defined(MADV_HUGEPAGE)
    madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);  // advice only: small pages if none is free
#endif
#if defined(MADV_POPULATE_WRITE)
    // Resident before the run writes it, in one call rather than a trap per
    // page (Linux 5.14 and later; on an older kernel the pages fault in as
    // the run writes them, as any memory does).
    madvise(reinterpret_cast<void*>(aligned), size, MADV_POPULATE_WRITE);
#endif
    return reinterpret_cast<void*>(aligned);
#else
    return ::operator new(bytes);
#endif
}

void unmap(void* block, std::size_t bytes) noexcept {
#if defined(__linux__)
    if (block) munmap(block, whole_pages(bytes == 0 ? 1 : bytes));
#else
    ::operator delete(block);
#endif
}

}  // namespace inflight::huge_blocks
