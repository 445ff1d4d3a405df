// The capture file is complete or absent: an unwritable place is refused at
// open and leaves nothing; an abandoned capture leaves nothing; the size
// cap keeps whole records before it and says when it stopped; tshark reads
// what is written without a word on stderr.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>

#include "app/capture/pcap_file_writer.h"
#include "app/capture/synthetic_headers.h"
#include "tshark.h"

namespace inflight::capture {
namespace {

using capture_test::TempDir;

std::size_t one_ack(std::uint8_t* p, std::uint32_t ack, std::size_t* wire) {
    TcpFields f;
    f.src_port = 5201, f.dst_port = 1024, f.ack = ack, f.flags = kTcpAck, f.window = 100;
    return build_tcp_packet(p, Addresses{0x0a000002, 0x0a000001}, f, wire);
}

// Whether files in `dir` can be written without a name (O_TMPFILE): not on
// every filesystem (NFS, older overlayfs), where the writer names them.
bool unnamed_files_in(const std::string& dir) {
    const int fd = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0) return false;
    ::close(fd);
    return true;
}

TEST(PcapFileWriter, AMissingFolderIsRefusedAtOpenInOneLine) {
    std::string error;
    EXPECT_EQ(PcapFileWriter::open("/nonexistent-folder/x.pcap", {}, &error), nullptr);
    EXPECT_EQ(error, "cannot write '/nonexistent-folder/x.pcap': directory '/nonexistent-folder' does not exist");
    TempDir dir;
    EXPECT_EQ(PcapFileWriter::open(dir.path(), {}, &error), nullptr);
    EXPECT_NE(error.find("is a directory"), std::string::npos) << error;
    EXPECT_TRUE(dir.entries().empty());
}

TEST(PcapFileWriter, NothingIsLeftWhenTheCaptureIsAbandoned) {
    TempDir dir;
    std::string error;
    {
        auto w = PcapFileWriter::open(dir.file("a.pcap"), {}, &error);
        ASSERT_TRUE(w) << error;
        std::uint8_t p[kMaxHeaderBytes];
        std::size_t wire = 0;
        const std::size_t n = one_ack(p, 1, &wire);
        EXPECT_TRUE(w->write(1, 0, p, n, wire));
        if (unnamed_files_in(dir.path())) {
            EXPECT_TRUE(dir.entries().empty());  // the temporary file has no name yet
        } else {                                 // a hidden name instead
            ASSERT_EQ(dir.entries().size(), 1u);
            EXPECT_EQ(dir.entries()[0][0], '.');
        }
    }
    EXPECT_TRUE(dir.entries().empty());
}

TEST(PcapFileWriter, AProcessKilledMidCaptureLeavesNothing) {
    // SIGKILL runs no destructor: a named temporary file (.a.pcap.XXXXXX)
    // stayed behind. The unnamed one goes with the process.
    TempDir dir;
    if (!unnamed_files_in(dir.path())) GTEST_SKIP() << dir.path() << " has no O_TMPFILE: the writer names its file";
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        std::string error;
        auto w = PcapFileWriter::open(dir.file("a.pcap"), {}, &error);
        if (!w) _exit(2);
        std::uint8_t p[kMaxHeaderBytes];
        std::size_t wire = 0;
        const std::size_t n = one_ack(p, 1, &wire);
        for (int i = 0; i < 100; ++i) w->write(i, 0, p, n, wire);
        ::raise(SIGKILL);
        _exit(3);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the child could not open the capture: " << WEXITSTATUS(status);
    EXPECT_EQ(WTERMSIG(status), SIGKILL);
    EXPECT_TRUE(dir.entries().empty()) << dir.entries()[0];
}

TEST(PcapFileWriter, AFinishedCaptureReplacesTheFileAndLeavesNoOtherName) {
    TempDir dir;
    const std::string path = dir.file("a.pcap");
    std::FILE* old = std::fopen(path.c_str(), "w");
    ASSERT_TRUE(old);
    std::fputs("an older file", old);
    std::fclose(old);
    std::string error;
    auto w = PcapFileWriter::open(path, {}, &error);
    ASSERT_TRUE(w) << error;
    std::uint8_t p[kMaxHeaderBytes];
    std::size_t wire = 0;
    const std::size_t n = one_ack(p, 1, &wire);
    EXPECT_TRUE(w->write(1, 0, p, n, wire));
    EXPECT_FALSE(w->finish().has_value());
    ASSERT_EQ(dir.entries(), std::vector<std::string>{"a.pcap"});
    struct stat st {};
    ASSERT_EQ(::stat(path.c_str(), &st), 0);
    EXPECT_EQ(static_cast<std::uint64_t>(st.st_size), 24u + 16u + n);  // file header, one record
    EXPECT_EQ(st.st_mode & 0777, 0644u);
}

TEST(PcapFileWriter, TheCapKeepsWholeRecordsAndSaysWhenItStopped) {
    REQUIRE_TSHARK();
    TempDir dir;
    std::uint8_t p[kMaxHeaderBytes];
    std::size_t wire = 0;
    const std::size_t n = one_ack(p, 1, &wire);
    PcapFileWriter::Config c;
    c.cap_bytes = 24 + 10 * (16 + n);  // the file header and ten records exactly
    std::string error;
    auto w = PcapFileWriter::open(dir.file("capped.pcap"), c, &error);
    ASSERT_TRUE(w) << error;
    int written = 0;
    for (int i = 0; i < 20; ++i)
        if (w->write(100 + i, 0, p, n, wire)) ++written;
    EXPECT_EQ(written, 10);
    ASSERT_TRUE(w->capped_at_s());
    EXPECT_DOUBLE_EQ(*w->capped_at_s(), 110.0);
    EXPECT_EQ(capped_words(*w), "the capture reached its " + std::to_string(c.cap_bytes) +
                                    "-byte cap 10 s after its first packet; '" + dir.file("capped.pcap") +
                                    "' holds the packets before then");
    EXPECT_FALSE(w->finish());
    EXPECT_EQ(capture_test::tshark_count(dir.file("capped.pcap"), "tcp"), 10u);
    EXPECT_EQ(capture_test::tshark_complaints(dir.file("capped.pcap")), "");
}

TEST(PcapFileWriter, WithoutProcTheCaptureIsStillNamedAtTheEnd) {
    // The unnamed file is linked through /proc/self/fd; in a mount
    // namespace without /proc (a bare container) the writer links it by its
    // descriptor instead (as root), and the capture is whole.
    if (::geteuid() != 0) GTEST_SKIP() << "needs root (a private mount namespace)";
    TempDir dir;
    const std::string path = dir.file("a.pcap");
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        if (::unshare(CLONE_NEWNS) != 0) _exit(10);
        if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) _exit(11);
        if (::umount2("/proc", MNT_DETACH) != 0) _exit(12);
        if (::access("/proc/self/fd", F_OK) == 0) _exit(13);
        std::string error;
        auto w = PcapFileWriter::open(path, {}, &error);
        if (!w) _exit(14);
        std::uint8_t p[kMaxHeaderBytes];
        std::size_t wire = 0;
        const std::size_t n = one_ack(p, 1, &wire);
        if (!w->write(1, 0, p, n, wire)) _exit(15);
        _exit(w->finish() ? 16 : 0);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    if (WEXITSTATUS(status) >= 10 && WEXITSTATUS(status) <= 13)  // no mount namespace of its own here
        GTEST_SKIP() << "cannot unmount /proc in a private mount namespace (step " << WEXITSTATUS(status) << ")";
    ASSERT_EQ(WEXITSTATUS(status), 0) << "step " << WEXITSTATUS(status) << " failed";
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"a.pcap"});
}

TEST(PcapFileWriter, AFullDiskIsOneLineAndNoFile) {
    // /dev/full refuses every write: written in place (not a regular file),
    // the failure shows at open (the file header) or at the latest at finish.
    std::string error;
    auto w = PcapFileWriter::open("/dev/full", {}, &error);
    if (!w) {
        EXPECT_EQ(error, "cannot write '/dev/full': No space left on device");
        return;
    }
    std::uint8_t p[kMaxHeaderBytes];
    std::size_t wire = 0;
    const std::size_t n = one_ack(p, 1, &wire);
    for (int i = 0; i < 1000; ++i) w->write(i, 0, p, n, wire);
    const auto e = w->finish();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->rfind("cannot write '/dev/full': ", 0), 0u) << *e;
}

}  // namespace
}  // namespace inflight::capture
