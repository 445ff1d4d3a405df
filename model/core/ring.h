// A growable FIFO ring buffer. Capacity is a power of two that doubles when
// full and never shrinks, so after warm-up a run does no heap allocation per
// packet. Indexing is relative to the front. The mask and the storage pointer
// are kept as members: this sits on the per-packet path.
#pragma once

#include <cassert>
#include <cstddef>
#include <memory>

#include "model/core/sim_time.h"  // INFLIGHT_HOT

namespace inflight {

template <typename T>
class Ring {
public:
    explicit Ring(std::size_t initial_capacity = 1024) {
        std::size_t cap = 1;
        while (cap < initial_capacity) cap <<= 1;
        items_ = std::make_unique<T[]>(cap);
        mask_ = cap - 1;
    }

    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }

    T& front() { assert(size_ > 0); return items_[head_]; }
    const T& front() const { assert(size_ > 0); return items_[head_]; }
    T& back() { assert(size_ > 0); return items_[(head_ + size_ - 1) & mask_]; }
    T& operator[](std::size_t i) { assert(i < size_); return items_[(head_ + i) & mask_]; }
    const T& operator[](std::size_t i) const { assert(i < size_); return items_[(head_ + i) & mask_]; }

    INFLIGHT_HOT void push_back(const T& item) { push_slot() = item; }
    // Appends a slot and returns it for the caller to fill in place (no
    // temporary copied in; the slot holds whatever was there before).
    INFLIGHT_HOT T& push_slot() {
        if (size_ > mask_) grow();
        T& slot = items_[(head_ + size_) & mask_];
        ++size_;
        return slot;
    }
    INFLIGHT_HOT void pop_front() {
        assert(size_ > 0);
        head_ = (head_ + 1) & mask_;
        --size_;
    }

private:
#if defined(__GNUC__)
    [[gnu::noinline, gnu::cold]]
#endif
    void grow() {
        const std::size_t cap = (mask_ + 1) * 2;
        auto bigger = std::make_unique_for_overwrite<T[]>(cap);
        for (std::size_t i = 0; i < size_; ++i) bigger[i] = items_[(head_ + i) & mask_];
        items_ = std::move(bigger);
        mask_ = cap - 1;
        head_ = 0;
    }

    std::unique_ptr<T[]> items_;
    std::size_t mask_ = 0;
    std::size_t head_ = 0;
    std::size_t size_ = 0;
};

}  // namespace inflight
