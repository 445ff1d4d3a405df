// Where a run's traces live: in whole 2 MiB pages (huge_blocks.h).
//
// A trace is written once, bucket by bucket, into memory no one has touched
// before: 5,000 buckets of 256 B, 1.28 MB a flow, where a fresh 4 KiB page
// costs a trap on each first write.
//
// TraceAllocator is the trace's allocator. Made with `for_a_run()` it maps
// each block of its own with huge_blocks::map. Default-made, and for every
// copy of a vector, it is the ordinary heap: only the trace a run writes is
// mapped this way, never the copies the window keeps of finished runs.
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>

#include "model/core/huge_blocks.h"

namespace inflight {

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
        return static_cast<T*>(huge_blocks::map(n * sizeof(T)));
    }
    void deallocate(T* p, std::size_t n) noexcept {
        if (!huge_) return std::allocator<T>{}.deallocate(p, n);
        huge_blocks::unmap(p, n * sizeof(T));
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

// Asks the cache for the slot the trace's next bucket will be written to,
// for writing. A bucket closes every 1/5000 of the run, long enough for the
// slot's four lines to be far from the processor, and the close then waits
// on them. Fetched at the close before, they are there by the next. In the
// fq_codel mix (three flows and the path, 20,000 closes) the closes took
// 1.36 ms against 1.52 ms, the whole loop 19.6 ms against 20.2 ms (medians
// of 20 paired runs). Nothing changes but when the bytes arrive.
template <class Vector>
inline void prefetch_next_slot(const Vector& v) noexcept {
    if (v.size() >= v.capacity()) return;  // the next push grows the vector: elsewhere
    const char* slot = reinterpret_cast<const char*>(v.data() + v.size());
    for (std::size_t line = 0; line < sizeof(typename Vector::value_type); line += 64)
        __builtin_prefetch(slot + line, 1, 2);
}

}  // namespace inflight
