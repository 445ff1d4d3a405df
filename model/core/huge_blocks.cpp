// Blocks in whole huge pages (huge_blocks.h).
#include "model/core/huge_blocks.h"

#include <cstdint>
#include <mutex>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace inflight::huge_blocks {

namespace {
std::size_t whole_pages(std::size_t bytes) {
    return (bytes + kPageBytes - 1) / kPageBytes * kPageBytes;
}

// One-page blocks given back and not unmapped.
struct KeptBlocks {
    std::mutex mutex;
    std::vector<void*> blocks;
    std::size_t bytes = 0;
};
// Never destroyed: a block may be given back during the process's exit.
KeptBlocks& kept() {
    static KeptBlocks* const blocks = new KeptBlocks;
    return *blocks;
}

// A kept block, taken out of the kept ones; null if none.
void* take_kept() {
    KeptBlocks& k = kept();
    const std::lock_guard<std::mutex> lock(k.mutex);
    if (k.blocks.empty()) return nullptr;
    void* block = k.blocks.back();
    k.blocks.pop_back();
    k.bytes -= kPageBytes;
    return block;
}

// Keeps a one-page block if there is room; false: the caller unmaps it.
bool keep(void* block) noexcept {
    KeptBlocks& k = kept();
    const std::lock_guard<std::mutex> lock(k.mutex);
    if (k.bytes + kPageBytes > kKeptBytes) return false;
    try {
        k.blocks.push_back(block);
    } catch (...) {
        return false;
    }
    k.bytes += kPageBytes;
    return true;
}
}  // namespace

std::size_t kept_bytes() {
    KeptBlocks& k = kept();
    const std::lock_guard<std::mutex> lock(k.mutex);
    return k.bytes;
}

void release_kept() noexcept {
    KeptBlocks& k = kept();
    const std::lock_guard<std::mutex> lock(k.mutex);
#if defined(__linux__)
    for (void* block : k.blocks) munmap(block, kPageBytes);
#endif
    k.blocks.clear();
    k.bytes = 0;
}

void* map(std::size_t bytes) {
#if defined(__linux__)
    const std::size_t size = whole_pages(bytes == 0 ? 1 : bytes);
    if (size == kPageBytes) {
        if (void* block = take_kept()) return block;
    } else {
        release_kept();  // a ring past one page: the run's peak is ahead (huge_blocks.h)
    }
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
    if (!block) return;
    const std::size_t size = whole_pages(bytes == 0 ? 1 : bytes);
    if (size != kPageBytes || !keep(block)) munmap(block, size);
#else
    ::operator delete(block);
#endif
}

}  // namespace inflight::huge_blocks
