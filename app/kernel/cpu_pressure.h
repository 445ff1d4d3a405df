// How long this machine's tasks waited for a CPU, from Linux's pressure
// stall information (PSI, Documentation/accounting/psi.rst, Linux 4.20+):
// /proc/pressure/cpu's "some" line counts, in microseconds since boot, the
// time in which at least one runnable task was waiting for a CPU. Read
// before and after a kernel run, the difference says whether the machine
// was busy while the kernel's senders, receivers and the emulator needed
// it: a busy machine stretches every round trip the kernel takes (a
// sender's ACK waits for its thread to run), which the emulator's own
// write lateness does not see.
#pragma once

#include <optional>
#include <string_view>

namespace inflight::kernel {

// The "some" line's total=, in seconds, from the text of
// /proc/pressure/cpu; nothing when the text has no such line.
std::optional<double> cpu_some_total_s(std::string_view pressure_text);

// This machine's figure now; nothing where the kernel has no PSI (built
// without CONFIG_PSI, or booted with psi=0).
std::optional<double> cpu_waited_s();

// Above this share of a run's wall time spent with a task waiting for a
// CPU, the run's facts call the machine busy. Measured here (2 cores): a
// quiet machine's kernel run waits 0.6% (one request/response flow) to
// 9.9% (ten streams, twenty threads of its own); beside three busy loops
// 52%, beside six busy loops at a higher priority 65%, and its 1 MB
// transfer then takes 410–470 ms where it takes 376 ms quietly.
inline constexpr double kBusyCpuWaitShare = 0.25;

}  // namespace inflight::kernel
