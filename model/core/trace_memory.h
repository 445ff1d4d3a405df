// Where a run's traces live: in 2 MiB pages when the kernel has them.
//
// A trace is written once, bucket by bucket, into memory no one has touched
// before: 5,000 buckets of 256 B, 1.28 MB a flow. Each first write to a
// 4 KiB page traps into the kernel, and on a virtual machine into the
// hypervisor: on the project's 2-core build VM four fresh 1.28 MB blocks
// cost 12-15 ms to write the first time, a quarter of a 40 s fq_codel
// run; populated in one call (madvise(MADV_POPULATE_WRITE)) 5.4-5.7 ms, as
// the hypervisor still traps on each page's first user write; backed by
// transparent huge pages (madvise(MADV_HUGEPAGE), Linux's THP) and then
// populated, 0.6-1.1 ms: one mapping per 2 MiB instead of 512.
//
// TraceAllocator is the trace's allocator. Made with `for_a_run()` it maps
// each block of its own, rounded up to whole 2 MiB pages and aligned to
// them (a 1.28 MB trace takes 2 MiB of address space; the kernel uses
// small pages when it has no huge page free, and the block works as
// before). Default-made, and for every copy of a vector, it is the
// ordinary heap: only the trace a run writes is mapped this way, never the
// copies the window keeps of finished runs. Results do not change: only
// where the bytes are.
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>

namespace inflight {

namespace trace_memory {
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
// A block of at least `bytes`, aligned to and sized in whole huge pages,
// advised for huge pages and populated. Throws std::bad_alloc when it
// cannot be mapped.
void* map_huge(std::size_t bytes);
// Unmaps a block map_huge(bytes) returned.
void unmap_huge(void* block, std::size_t bytes) noexcept;
}  // namespace trace_memory

template <class T>
class TraceAllocator {
public:
    using value_type = T;
    using propagate_on_container_move_assignment = std::true_type;
    using propagate_on_container_swap = std::true_type;
    using propagate_on_container_copy_assignment = std::false_type;
    using is_always_equal = std::false_type;

    TraceAllocator() noexcept = default;
    template <class U>
    TraceAllocator(const TraceAllocator<U>& other) noexcept : huge_(other.huge()) {}

    // The allocator for the trace a run fills.
    static TraceAllocator for_a_run() noexcept { return TraceAllocator(true); }

    T* allocate(std::size_t n) {
        if (!huge_) return std::allocator<T>{}.allocate(n);
        return static_cast<T*>(trace_memory::map_huge(n * sizeof(T)));
    }
    void deallocate(T* p, std::size_t n) noexcept {
        if (!huge_) return std::allocator<T>{}.deallocate(p, n);
        trace_memory::unmap_huge(p, n * sizeof(T));
    }
    // A copy of a trace (kept, pinned, compared) lives on the ordinary heap.
    TraceAllocator select_on_container_copy_construction() const noexcept { return TraceAllocator(); }

    bool huge() const noexcept { return huge_; }
    template <class U>
    bool operator==(const TraceAllocator<U>& other) const noexcept { return huge_ == other.huge(); }

private:
    explicit TraceAllocator(bool huge) noexcept : huge_(huge) {}
    bool huge_ = false;
};

}  // namespace inflight
