// Counter rows that start at zero unwritten (zeroed_counts.h): a large row
// mapped from the kernel, a small one calloc'd.
#include "model/core/zeroed_counts.h"

#include <cstdlib>
#include <new>

#include <sys/mman.h>

namespace inflight {

void ZeroedCounts::Free::operator()(std::uint32_t* p) const {
    if (bytes >= kMappedFromBytes) ::munmap(p, bytes);
    else std::free(p);
}

ZeroedCounts::Counts ZeroedCounts::allocate(std::size_t n) {
    if (n == 0) return Counts(nullptr, Free{0});
    const std::size_t bytes = n * sizeof(std::uint32_t);
    if (bytes >= kMappedFromBytes) {
        void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::bad_alloc();
        return Counts(static_cast<std::uint32_t*>(p), Free{bytes});
    }
    auto* p = static_cast<std::uint32_t*>(std::calloc(n, sizeof(std::uint32_t)));
    if (!p) throw std::bad_alloc();
    return Counts(p, Free{bytes});
}

}  // namespace inflight
