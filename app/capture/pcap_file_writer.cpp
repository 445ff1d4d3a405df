// The streaming capture writer (pcap_file_writer.h).
#include "app/capture/pcap_file_writer.h"

#include <fcntl.h>
#include <pcap/pcap.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <sstream>

namespace inflight::capture {

struct PcapFileWriter::Handles {
    pcap_t* dead = nullptr;       // describes the records (link type, snap length, precision)
    pcap_dumper_t* dumper = nullptr;
    FILE* file = nullptr;         // the dumper's stream
    ~Handles() {
        if (dumper) pcap_dump_close(dumper);  // closes `file` too
        else if (file) std::fclose(file);
        if (dead) pcap_close(dead);
    }
};

namespace {

std::string cannot_write(const std::string& path, const std::string& why) {
    return "cannot write '" + path + "': " + why;
}

std::string directory_of(const std::string& path) {
    const auto slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::unique_ptr<PcapFileWriter> PcapFileWriter::open(const std::string& path, const Config& config,
                                                     std::string* error) {
    if (path.empty()) {
        *error = "cannot write '': empty file name";
        return nullptr;
    }
    std::unique_ptr<PcapFileWriter> w(new PcapFileWriter);
    w->path_ = path;
    w->config_ = config;
    struct stat st {};
    int fd = -1;
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
        *error = cannot_write(path, "is a directory");
        return nullptr;
    }
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        // /dev/null, a pipe: written in place, as renaming over it would be wrong.
        fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0) {
            *error = cannot_write(path, std::strerror(errno));
            return nullptr;
        }
        w->direct_ = true;
    } else {
        const std::string dir = directory_of(path);
        struct stat dst {};
        if (::stat(dir.c_str(), &dst) != 0) {
            *error = cannot_write(path, "directory '" + dir + "' does not exist");
            return nullptr;
        }
        if (!S_ISDIR(dst.st_mode)) {
            *error = cannot_write(path, "'" + dir + "' is not a directory");
            return nullptr;
        }
        fd = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
        if (fd >= 0) {
            ::fchmod(fd, 0644);  // as the named file below: readable by tshark run as another user
            w->unnamed_ = true;
        } else if (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL) {  // no O_TMPFILE here
            std::string temp = dir + "/." + base_of(path) + ".XXXXXX";
            fd = ::mkstemp(temp.data());
            if (fd < 0) {
                *error = cannot_write(path, std::strerror(errno));
                return nullptr;
            }
            ::fchmod(fd, 0644);
            w->temp_path_ = temp;
        } else {
            *error = cannot_write(path, std::strerror(errno));
            return nullptr;
        }
    }
    auto h = std::make_unique<Handles>();
    h->file = ::fdopen(fd, "wb");
    if (!h->file) {
        *error = cannot_write(path, std::strerror(errno));
        ::close(fd);
        w->abandon();
        return nullptr;
    }
    h->dead = pcap_open_dead_with_tstamp_precision(DLT_RAW, static_cast<int>(config.snap_bytes),
                                                   PCAP_TSTAMP_PRECISION_NANO);
    if (h->dead) h->dumper = pcap_dump_fopen(h->dead, h->file);
    if (!h->dumper || std::fflush(h->file) != 0) {
        const std::string why = h->dumper ? std::strerror(errno) : h->dead ? pcap_geterr(h->dead) : "";
        *error = cannot_write(path, why.empty() ? "libpcap could not start a capture" : why);
        w->handles_ = std::move(h);
        w->abandon();
        return nullptr;
    }
    w->bytes_ = 24;  // the file header
    w->handles_ = std::move(h);
    return w;
}

PcapFileWriter::~PcapFileWriter() { abandon(); }

bool PcapFileWriter::write(std::int64_t t_s, std::uint32_t t_ns, const std::uint8_t* data, std::size_t captured_bytes,
                           std::size_t wire_bytes) {
    std::lock_guard lock(mutex_);
    return write_locked(t_s, t_ns, data, captured_bytes, wire_bytes);
}

bool PcapFileWriter::write_now(const std::uint8_t* data, std::size_t captured_bytes, std::size_t wire_bytes) {
    std::lock_guard lock(mutex_);
    timespec ts{};
    clock_gettime(CLOCK_REALTIME, &ts);
    return write_locked(ts.tv_sec, static_cast<std::uint32_t>(ts.tv_nsec), data, captured_bytes, wire_bytes);
}

bool PcapFileWriter::write_locked(std::int64_t t_s, std::uint32_t t_ns, const std::uint8_t* data,
                                  std::size_t captured_bytes, std::size_t wire_bytes) {
    if (!handles_ || failed_ || capped_at_s_) return false;
    const std::size_t kept = std::min<std::size_t>(captured_bytes, config_.snap_bytes);
    const std::uint64_t record = 16 + kept;
    if (bytes_ + record > config_.cap_bytes) {
        capped_at_s_ = static_cast<double>(t_s) + t_ns * 1e-9;
        return false;
    }
    pcap_pkthdr header{};
    header.ts.tv_sec = static_cast<time_t>(t_s);
    header.ts.tv_usec = static_cast<suseconds_t>(t_ns);  // nanoseconds: the dumper's precision
    header.caplen = static_cast<bpf_u_int32>(kept);
    header.len = static_cast<bpf_u_int32>(std::max(wire_bytes, kept));
    pcap_dump(reinterpret_cast<u_char*>(handles_->dumper), &header, data);
    if (std::ferror(handles_->file)) {
        failed_ = true;
        return false;
    }
    if (!first_packet_s_) first_packet_s_ = static_cast<double>(t_s) + t_ns * 1e-9;
    ++packets_;
    bytes_ += record;
    return true;
}

std::optional<std::string> PcapFileWriter::finish() {
    std::lock_guard lock(mutex_);
    if (!handles_) return cannot_write(path_, "the capture was already closed");
    FILE* f = handles_->file;
    std::string why;
    if (failed_ || std::ferror(f)) why = "a write failed (disk full?)";
    else if (std::fflush(f) != 0) why = std::strerror(errno);
    else if (!direct_ && ::fsync(::fileno(f)) != 0) why = std::strerror(errno);
    else if (unnamed_ && !name_unnamed_file(::fileno(f))) why = std::strerror(errno);
    if (!why.empty()) {
        handles_.reset();
        if (!temp_path_.empty()) ::unlink(temp_path_.c_str());
        temp_path_.clear();
        return cannot_write(path_, why);
    }
    handles_.reset();  // closes the file
    if (!direct_ && ::rename(temp_path_.c_str(), path_.c_str()) != 0) {
        why = std::strerror(errno);
        ::unlink(temp_path_.c_str());
        temp_path_.clear();
        return cannot_write(path_, why);
    }
    temp_path_.clear();
    return std::nullopt;
}

bool PcapFileWriter::name_unnamed_file(int fd) {
    // linkat through /proc/self/fd needs no privilege; without /proc,
    // AT_EMPTY_PATH (which needs CAP_DAC_READ_SEARCH, as root has). A name
    // already taken is tried again with the next number.
    const std::string from = "/proc/self/fd/" + std::to_string(fd);
    const std::string stem = directory_of(path_) + "/." + base_of(path_) + "." + std::to_string(::getpid()) + ".";
    for (int i = 0; i < 100; ++i) {
        std::string temp = stem + std::to_string(i);
        int linked = ::linkat(AT_FDCWD, from.c_str(), AT_FDCWD, temp.c_str(), AT_SYMLINK_FOLLOW);
        if (linked != 0 && errno == ENOENT) linked = ::linkat(fd, "", AT_FDCWD, temp.c_str(), AT_EMPTY_PATH);
        if (linked == 0) {
            temp_path_ = std::move(temp);
            return true;
        }
        if (errno != EEXIST) return false;
    }
    return false;
}

void PcapFileWriter::abandon() {
    std::lock_guard lock(mutex_);
    handles_.reset();
    if (!temp_path_.empty()) ::unlink(temp_path_.c_str());
    temp_path_.clear();
}

std::uint64_t PcapFileWriter::packets() const {
    std::lock_guard lock(mutex_);
    return packets_;
}

std::uint64_t PcapFileWriter::bytes() const {
    std::lock_guard lock(mutex_);
    return bytes_;
}

std::optional<double> PcapFileWriter::capped_at_s() const {
    std::lock_guard lock(mutex_);
    return capped_at_s_;
}

double PcapFileWriter::first_packet_s() const {
    std::lock_guard lock(mutex_);
    return first_packet_s_.value_or(0);
}

std::string capped_words(const PcapFileWriter& w) {
    std::ostringstream out;
    out.precision(3);
    const auto at = w.capped_at_s();
    const std::uint64_t cap = w.cap_bytes();
    out << "the capture reached its ";
    if (cap % 1'000'000'000 == 0) out << cap / 1'000'000'000 << " GB cap";
    else out << cap << "-byte cap";
    if (at) out << " " << *at - w.first_packet_s() << " s after its first packet";
    out << "; '" << w.path() << "' holds the packets before then";
    return out.str();
}

}  // namespace inflight::capture
