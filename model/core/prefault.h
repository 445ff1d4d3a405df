// Memory a run will fill, made resident in one call before the run writes
// it. A fresh allocation of a megabyte or more is mapped by the C library
// with no pages behind it; each first write to a 4 KiB page then traps
// into the kernel, and on a virtual machine a trap costs several
// microseconds (8 µs measured on the project's 2-core build VM, against
// about 0.3 µs per page when populated in one call). A run's trace is
// 5,000 buckets of 256 B, 1.28 MB per flow: with four traces the traps were
// a quarter of a 100 Mbit/s, 40 s fq_codel run's 44 ms.
// Linux's madvise(MADV_POPULATE_WRITE) (since 5.14) populates a range as
// writes would; elsewhere, or on an older kernel, nothing happens and the
// pages fault in as before. Results do not change: only when memory is
// made resident.
#pragma once

#include <cstddef>

namespace inflight {

// Makes the whole pages inside [data, data + bytes) resident and writable.
void prefault(void* data, std::size_t bytes);

// The unused capacity of a reserved vector: where push_back will write.
template <class Vector>
void prefault_capacity(Vector& v) {
    prefault(v.data() + v.size(), (v.capacity() - v.size()) * sizeof(typename Vector::value_type));
}

}  // namespace inflight
