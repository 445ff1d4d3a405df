// A growable FIFO ring buffer. Capacity doubles when full and never shrinks,
// so after warm-up a run does no heap allocation per packet. Indexing is
// relative to the front.
#pragma once

#include <cassert>
#include <cstddef>
#include <vector>

namespace inflight {

template <typename T>
class Ring {
public:
    explicit Ring(std::size_t initial_capacity = 1024) {
        std::size_t cap = 1;
        while (cap < initial_capacity) cap <<= 1;
        items_.resize(cap);
    }

    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }

    T& front() { assert(size_ > 0); return items_[head_]; }
    const T& front() const { assert(size_ > 0); return items_[head_]; }
    T& back() { assert(size_ > 0); return items_[(head_ + size_ - 1) & mask()]; }
    T& operator[](std::size_t i) { assert(i < size_); return items_[(head_ + i) & mask()]; }
    const T& operator[](std::size_t i) const { assert(i < size_); return items_[(head_ + i) & mask()]; }

    void push_back(const T& item) {
        if (size_ == items_.size()) grow();
        items_[(head_ + size_) & mask()] = item;
        ++size_;
    }
    void pop_front() {
        assert(size_ > 0);
        head_ = (head_ + 1) & mask();
        --size_;
    }

private:
    std::size_t mask() const { return items_.size() - 1; }
    void grow() {
        std::vector<T> bigger(items_.size() * 2);
        for (std::size_t i = 0; i < size_; ++i) bigger[i] = items_[(head_ + i) & mask()];
        items_.swap(bigger);
        head_ = 0;
    }

    std::vector<T> items_;
    std::size_t head_ = 0;
    std::size_t size_ = 0;
};

}  // namespace inflight
