// tshark as the tests' independent reader of captures: run it on a file and
// read back its fields, its analysis flags and what it printed on stderr.
// The tests that need it skip when it is not installed (setup.sh installs it).
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace capture_test {

struct Shell {
    int code = -1;
    std::string out, err;
};

// Runs a command line with sh; stdout and stderr apart.
inline Shell shell(const std::string& command) {
    char err_path[] = "/tmp/inflight-shell-err-XXXXXX";
    const int fd = mkstemp(err_path);
    if (fd >= 0) close(fd);
    Shell s;
    FILE* p = popen((command + " 2>" + err_path).c_str(), "r");
    if (!p) return s;
    char buf[65536];
    std::size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) s.out.append(buf, n);
    const int status = pclose(p);
    s.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream e(err_path);
    std::stringstream ss;
    ss << e.rdbuf();
    s.err = ss.str();
    unlink(err_path);
    return s;
}

inline bool have_tshark() { return shell("command -v tshark").code == 0; }

#define REQUIRE_TSHARK()                                                                \
    do {                                                                                \
        if (!::capture_test::have_tshark()) GTEST_SKIP() << "needs tshark (setup.sh installs it)"; \
    } while (0)

// One value per packet that matches `filter`: the field's text.
inline std::vector<std::string> tshark_field(const std::string& file, const std::string& filter,
                                             const std::string& field) {
    const Shell s = shell("tshark -n -r '" + file + "' -Y '" + filter + "' -T fields -e " + field);
    EXPECT_EQ(s.code, 0) << s.err;
    std::vector<std::string> out;
    std::istringstream lines(s.out);
    for (std::string line; std::getline(lines, line);) out.push_back(line);
    return out;
}

// Retransmissions as tshark flags them in a capture taken at the sender.
// tshark calls a segment below the highest sequence number "out-of-order"
// instead of "retransmission" when it follows the newest segment within one
// handshake RTT (its rule for captures taken mid-path, where reordering
// happens); a sender sends in order, so at the sender both flags mark a
// retransmission, and the count takes both.
inline constexpr const char* kSenderRetransmissions = "tcp.analysis.retransmission || tcp.analysis.out_of_order";

inline std::size_t tshark_count(const std::string& file, const std::string& filter) {
    return tshark_field(file, filter, "frame.number").size();
}

inline double tshark_max(const std::string& file, const std::string& field) {
    double m = 0;
    for (const std::string& v : tshark_field(file, field, field))
        if (!v.empty()) m = std::max(m, std::stod(v));
    return m;
}

// What tshark says on stderr when it opens and reads the whole file.
// Its note that it runs as root (the tests do, under CI) is about the
// machine, not the file, and is left out.
inline std::string tshark_complaints(const std::string& file) {
    const Shell s = shell("tshark -n -r '" + file + "' -q");
    std::istringstream lines(s.err);
    std::string out;
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("Running as user \"root\"", 0) != 0) out += line + "\n";
    return out + (s.code == 0 ? "" : "exit " + std::to_string(s.code));
}

// A fresh folder under /tmp, removed at the end of the test.
class TempDir {
public:
    TempDir() {
        char t[] = "/tmp/inflight-capture-test-XXXXXX";
        path_ = mkdtemp(t);
    }
    ~TempDir() { shell("rm -rf '" + path_ + "'"); }
    std::string file(const std::string& name) const { return path_ + "/" + name; }
    const std::string& path() const { return path_; }
    // Names in the folder, hidden ones included.
    std::vector<std::string> entries() const {
        std::vector<std::string> out;
        std::istringstream lines(shell("ls -A '" + path_ + "'").out);
        for (std::string l; std::getline(lines, l);) out.push_back(l);
        return out;
    }

private:
    std::string path_;
};

}  // namespace capture_test
