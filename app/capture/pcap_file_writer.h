// Writing a packet capture as it happens: the classic pcap format (libpcap's
// writer, nanosecond timestamps, link type raw IP: each record starts with
// its IPv4 header), one record per packet, streamed to a
// temporary file beside the target and renamed over it only when finish()
// has every byte on disk. An unwritable place is refused at open(), before
// anything runs, leaving nothing behind; a capture that fails or is
// abandoned leaves no file. The temporary file has no name while it is
// written (Linux's O_TMPFILE): a process killed outright (SIGKILL, the
// power) leaves nothing either; finish() links it under a hidden name and
// renames that over the target, microseconds apart. A filesystem without
// O_TMPFILE gets a named hidden file (.NAME.XXXXXX) instead, which only a
// kill can leave behind. Past a size cap no further packet is written
// (the file keeps the packets before it, and capped() says when).
// write() may be called from several threads: each record is whole.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace inflight::capture {

class PcapFileWriter {
public:
    static constexpr std::uint64_t kDefaultCapBytes = 2'000'000'000;  // 2 GB
    static constexpr std::uint32_t kDefaultSnapBytes = 128;           // IP + TCP headers with every option

    struct Config {
        std::uint32_t snap_bytes = kDefaultSnapBytes;
        std::uint64_t cap_bytes = kDefaultCapBytes;
    };

    // Opens the temporary file beside `path`; nullptr and one line in
    // *error ("cannot write 'x': ...") when that cannot be done.
    static std::unique_ptr<PcapFileWriter> open(const std::string& path, const Config& config, std::string* error);
    ~PcapFileWriter();  // an unfinished capture is abandoned: its temporary file goes
    PcapFileWriter(const PcapFileWriter&) = delete;
    PcapFileWriter& operator=(const PcapFileWriter&) = delete;

    // One packet seen at t (seconds and nanoseconds since the epoch, or of
    // the simulation clock): its first min(captured, snap) bytes are kept,
    // `wire_bytes` is its whole length. False once the cap or an error has
    // stopped the capture.
    bool write(std::int64_t t_s, std::uint32_t t_ns, const std::uint8_t* data, std::size_t captured_bytes,
               std::size_t wire_bytes);
    // The same, stamped with the wall clock (CLOCK_REALTIME) as the record
    // is taken, so records from several threads stay in time order.
    bool write_now(const std::uint8_t* data, std::size_t captured_bytes, std::size_t wire_bytes);

    // Flushes, syncs and renames into place; one line on failure (the
    // temporary file is then removed).
    std::optional<std::string> finish();
    // Removes the temporary file.
    void abandon();

    const std::string& path() const { return path_; }
    std::uint64_t packets() const;
    std::uint64_t bytes() const;  // the file's size so far
    // When the cap stopped the capture: the time of the first packet left out.
    std::optional<double> capped_at_s() const;
    double first_packet_s() const;  // the time of the first record (0 before any)
    std::uint64_t cap_bytes() const { return config_.cap_bytes; }

private:
    PcapFileWriter() = default;
    bool write_locked(std::int64_t t_s, std::uint32_t t_ns, const std::uint8_t* data, std::size_t captured_bytes,
                      std::size_t wire_bytes);
    struct Handles;
    // Linking the unnamed file under a hidden name beside the target (that
    // name in temp_path_); false and errno when it cannot be done.
    bool name_unnamed_file(int fd);
    std::string path_, temp_path_;
    bool direct_ = false;   // an existing non-regular file (/dev/null): written in place
    bool unnamed_ = false;  // O_TMPFILE: no name until finish()
    Config config_;
    mutable std::mutex mutex_;
    std::unique_ptr<Handles> handles_;
    std::uint64_t packets_ = 0, bytes_ = 0;
    std::optional<double> capped_at_s_;
    std::optional<double> first_packet_s_;
    bool failed_ = false;
};

// "the capture reached its 2 GB cap 31.2 s after its first packet;
// 'x.pcap' holds the packets before then".
std::string capped_words(const PcapFileWriter& w);

}  // namespace inflight::capture
