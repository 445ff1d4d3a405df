// The Linux details a model run leaves out, named beside a kernel run.
// Linux locks a socket's receive buffer at SO_RCVBUF and stops autotuning
// it (tcp_rcv_space_adjust returns early when SOCK_RCVBUF_LOCK is set), so
// a model flow with SO_RCVBUF lacks no autotuning the kernel would have.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/formats/stack_words.h"

using namespace inflight;

namespace {
bool names(const std::vector<std::string>& v, const std::string& n) { return std::find(v.begin(), v.end(), n) != v.end(); }
}  // namespace

TEST(StackWords, SoRcvbufLeavesNoAutotuningOut) {
    Scenario s;
    s.stack = Stack::Linux;
    s.rcvbuf_bytes = 256 * 1024;
    const TcpDetails d = resolve_flow(s, 0).tcp;
    ASSERT_FALSE(d.autotuning) << "the locked buffer does not grow";
    EXPECT_TRUE(detail_names(d, false).empty()) << "Stack Linux with SO_RCVBUF is what this kernel does";
    EXPECT_TRUE(names(detail_names(d), "SO_RCVBUF 256 KiB"));
}

TEST(StackWords, TheTextbookLeavesOutAutotuningWithoutSoRcvbuf) {
    Scenario s;
    s.stack = Stack::Textbook;
    const auto missing = detail_names(resolve_flow(s, 0).tcp, false);
    EXPECT_TRUE(names(missing, "autotuning"));
    EXPECT_TRUE(names(missing, "delayed ACKs"));
    s.rcvbuf_bytes = 256 * 1024;  // the textbook with SO_RCVBUF still lacks the delayed ACKs
    const auto with_rcvbuf = detail_names(resolve_flow(s, 0).tcp, false);
    EXPECT_FALSE(names(with_rcvbuf, "autotuning"));
    EXPECT_TRUE(names(with_rcvbuf, "delayed ACKs"));
}
