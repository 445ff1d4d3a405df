// A fixed row of counters that starts at zero without being written.
//
// A histogram sized for the worst case (every RTT up to the buffer's drain
// time in 10 µs bins: 27,000 bins, 108 KB on a 270 ms path) is mostly
// never touched: a run's samples land in a few of its pages. Zeroing it
// with a write touches every page, and on a virtual machine each first
// touch of a page is a trap to the hypervisor (see trace_memory.h). calloc
// hands a large block over straight from the kernel, already zero, so
// only the pages counted in (and read back up to the quantile sought) are
// ever mapped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

namespace inflight {

class ZeroedCounts {
public:
    ZeroedCounts() = default;
    explicit ZeroedCounts(std::size_t n) : counts_(allocate(n)), size_(n) {}
    ZeroedCounts(const ZeroedCounts& other) : counts_(allocate(other.size_)), size_(other.size_) {
        if (size_) std::memcpy(counts_.get(), other.counts_.get(), size_ * sizeof(std::uint32_t));
    }
    ZeroedCounts& operator=(const ZeroedCounts& other) {
        if (this != &other) *this = ZeroedCounts(other);
        return *this;
    }
    ZeroedCounts(ZeroedCounts&&) noexcept = default;
    ZeroedCounts& operator=(ZeroedCounts&&) noexcept = default;

    std::size_t size() const { return size_; }
    std::uint32_t& operator[](std::size_t i) { return counts_[i]; }
    std::uint32_t operator[](std::size_t i) const { return counts_[i]; }
    bool operator==(const ZeroedCounts& other) const {
        return size_ == other.size_ &&
               (size_ == 0 || std::memcmp(counts_.get(), other.counts_.get(), size_ * sizeof(std::uint32_t)) == 0);
    }

private:
    struct Free {
        void operator()(std::uint32_t* p) const { std::free(p); }
    };
    static std::uint32_t* allocate(std::size_t n) {
        if (n == 0) return nullptr;
        auto* p = static_cast<std::uint32_t*>(std::calloc(n, sizeof(std::uint32_t)));
        if (!p) throw std::bad_alloc();
        return p;
    }
    std::unique_ptr<std::uint32_t[], Free> counts_;
    std::size_t size_ = 0;
};

}  // namespace inflight
