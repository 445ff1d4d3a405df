// A fixed row of counters that starts at zero without being written.
//
// A histogram sized for the worst case (every RTT up to the buffer's drain
// time in 10 µs bins: 27,000 bins, 108 KB on a 270 ms path) is mostly
// never touched: a run's samples land in a few of its pages. Zeroing it
// with a write touches every page, and on a virtual machine each first
// touch of a page is a trap to the hypervisor (see trace_memory.h). A row
// of 32 KiB or more is therefore mapped straight from the kernel (mmap:
// zero pages, mapped when first counted in or read back up to the quantile
// sought); calloc would not do: below its mmap threshold (128 KiB, raised
// as blocks are freed) it clears a recycled block with memset, touching
// every page. A smaller row comes from calloc.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

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
    static constexpr std::size_t kMappedFromBytes = 32 * 1024;
    struct Free {  // (constructors, not a member initializer: unique_ptr asks for one inside this class)
        constexpr Free() noexcept : bytes(0) {}
        constexpr explicit Free(std::size_t b) noexcept : bytes(b) {}
        std::size_t bytes;
        void operator()(std::uint32_t* p) const;
    };
    using Counts = std::unique_ptr<std::uint32_t[], Free>;
    static Counts allocate(std::size_t n);  // throws std::bad_alloc
    Counts counts_;
    std::size_t size_ = 0;
};

}  // namespace inflight
