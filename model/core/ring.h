// A growable FIFO ring buffer. Capacity is a power of two that doubles when
// full and never shrinks, so after warm-up a run does no heap allocation per
// packet. Indexing is relative to the front. The mask and the storage pointer
// are kept as members: this sits on the per-packet path.
// A ring of kRingHugeFromBytes or more (a scoreboard, ACK line or queue
// holding a fast path's packets in flight) lives in whole 2 MiB pages
// (huge_blocks.h): it is walked from end to end over and over, and in
// 4 KiB pages its walk outruns the processor's first-level TLB (64 entries,
// 256 KiB). Measured against 4 KiB pages, whole processes, digests
// identical: BBR at 10 Gbit/s and 100 ms 7-9% faster, CUBIC at 10 Gbit/s
// 11%, CUBIC at 1 Gbit/s 5% (its rings of 0.5-0.7 MB gained from this
// threshold; at 2 MiB they did not), the rows with smaller rings within
// 1%. Below the threshold a 2 MiB block's one-off zeroing would cost more
// than the walk saves.
#pragma once

#include <cassert>
#include <cstddef>
#include <type_traits>

#include "model/core/sim_time.h"  // INFLIGHT_HOT
#include "model/core/huge_blocks.h"

namespace inflight {

inline constexpr std::size_t kRingHugeFromBytes = std::size_t{256} << 10;

template <typename T>
class Ring {
public:
    explicit Ring(std::size_t initial_capacity = 1024) {
        std::size_t cap = 1;
        while (cap < initial_capacity) cap <<= 1;
        items_ = Block(cap);
        for (std::size_t i = 0; i < cap; ++i) items_[i] = T{};
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
        Block bigger(cap);
        for (std::size_t i = 0; i < size_; ++i) bigger[i] = items_[(head_ + i) & mask_];
        items_ = std::move(bigger);
        mask_ = cap - 1;
        head_ = 0;
    }

    // The items: from the heap, or from huge_blocks from kRingHugeFromBytes.
    // A ring keeps plain values only (trivially copyable), which mapped
    // memory holds as it is.
    class Block {
    public:
        Block() = default;
        explicit Block(std::size_t n) : n_(n), huge_(n * sizeof(T) >= kRingHugeFromBytes) {
            static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
            p_ = huge_ ? static_cast<T*>(huge_blocks::map(n * sizeof(T))) : new T[n];
        }
        Block(Block&& o) noexcept : p_(o.p_), n_(o.n_), huge_(o.huge_) { o.p_ = nullptr; }
        Block& operator=(Block&& o) noexcept {
            if (this != &o) {
                release();
                p_ = o.p_, n_ = o.n_, huge_ = o.huge_;
                o.p_ = nullptr;
            }
            return *this;
        }
        ~Block() { release(); }
        T& operator[](std::size_t i) const { return p_[i]; }

    private:
        void release() noexcept {
            if (!p_) return;
            if (huge_) huge_blocks::unmap(p_, n_ * sizeof(T));
            else delete[] p_;
        }
        T* p_ = nullptr;
        std::size_t n_ = 0;
        bool huge_ = false;
    };
    Block items_;
    std::size_t mask_ = 0;
    std::size_t head_ = 0;
    std::size_t size_ = 0;
};

}  // namespace inflight
