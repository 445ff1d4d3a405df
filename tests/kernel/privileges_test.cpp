// The refusals that need no privileges to check: the capability message and
// the emulator's rate limit (above which it would no longer keep time).
#include <gtest/gtest.h>

#include "app/kernel/kernel_run.h"
#include "app/kernel/privileges.h"
#include "model/core/units.h"

namespace inflight::kernel {
namespace {

TEST(Privileges, MissingCapabilitiesGiveOneLineSayingWhatToDo) {
    const auto msg = missing_privileges(Capabilities{false, false});
    ASSERT_TRUE(msg.has_value());
    EXPECT_EQ(msg->find('\n'), std::string::npos);
    EXPECT_NE(msg->find("CAP_NET_ADMIN"), std::string::npos);
    EXPECT_NE(msg->find("CAP_SYS_ADMIN"), std::string::npos);
    EXPECT_NE(msg->find("sudo inflight kernel"), std::string::npos);
    EXPECT_NE(msg->find("sudo setcap cap_net_admin,cap_sys_admin+ep /usr/bin/inflight"), std::string::npos);
}

TEST(Privileges, OneMissingCapabilityIsNamed) {
    const auto msg = missing_privileges(Capabilities{true, false});
    ASSERT_TRUE(msg.has_value());
    EXPECT_NE(msg->find("missing CAP_SYS_ADMIN"), std::string::npos);
    EXPECT_FALSE(missing_privileges(Capabilities{true, true}).has_value());
}

TEST(Refusal, ARateAboveTheEmulatorsHonestLimitIsRefusedNamingIt) {
    Scenario s;
    s.bandwidth_bps = 2 * kEmulatorHonestRateBps;
    const auto msg = kernel_run_refusal(s);
    ASSERT_TRUE(msg.has_value());
    EXPECT_NE(msg->find("honest"), std::string::npos);
    EXPECT_NE(msg->find("Mbit/s"), std::string::npos);
    EXPECT_EQ(msg->find('\n'), std::string::npos);
}

TEST(Refusal, SeveralFlowsHaveALowerHonestRateAndTheRefusalSaysSo) {
    // Up to two flows the emulator keeps time at its one-flow limit; from
    // three on (each a sender and a receiver thread more on two cores) it
    // is refused above the lower limit, naming both and the flow count.
    ASSERT_LT(kEmulatorHonestRateManyFlowsBps, kEmulatorHonestRateBps);
    Scenario s;
    s.bandwidth_bps = kEmulatorHonestRateBps;
    s.flows = {FlowSpec{}, FlowSpec{}};
    if (auto msg = kernel_run_refusal(s)) EXPECT_EQ(msg->find("--bandwidth"), std::string::npos) << *msg;

    s.flows.resize(10);
    const auto msg = kernel_run_refusal(s);
    ASSERT_TRUE(msg.has_value());
    EXPECT_EQ(msg->find('\n'), std::string::npos);
    EXPECT_NE(msg->find("with 10 flows"), std::string::npos) << *msg;
    EXPECT_NE(msg->find(format_rate(kEmulatorHonestRateManyFlowsBps)), std::string::npos) << *msg;
    EXPECT_NE(msg->find("fewer flows"), std::string::npos) << *msg;

    s.bandwidth_bps = kEmulatorHonestRateManyFlowsBps;
    if (auto at_limit = kernel_run_refusal(s)) EXPECT_EQ(at_limit->find("--bandwidth"), std::string::npos) << *at_limit;
    EXPECT_EQ(emulator_honest_rate_bps(1), kEmulatorHonestRateBps);
    EXPECT_EQ(emulator_honest_rate_bps(16), kEmulatorHonestRateManyFlowsBps);
}

TEST(Refusal, AnInvalidScenarioIsRefusedByTheModelsValidation) {
    Scenario s;
    s.rtt_s = 5.0;  // above the allowed 1 s
    EXPECT_TRUE(kernel_run_refusal(s).has_value());
}

TEST(Refusal, FiniteTransfersAndFqCodelAreCarried) {
    Scenario s;
    s.aqm = Aqm::FqCodel;  // the emulator runs the model's fq_codel
    FlowSpec bulk, page;
    page.size_bytes = 100'000;
    page.every_s = 0.5;
    s.flows = {bulk, page};
    // Refused for privileges or the machine's TUN, if at all: never for what the flows are.
    if (const auto msg = kernel_run_refusal(s)) {
        EXPECT_EQ(msg->find("fq_codel"), std::string::npos) << *msg;
        EXPECT_EQ(msg->find("flows["), std::string::npos) << *msg;
    }
}

// Linux paces BBR itself (sk_pacing_status set by tcp_bbr.c) and no other
// algorithm unless the socket asks: the Pacing line says so per kind of flow.
TEST(KernelPacingWords, BbrPacesItselfBesideAnUnpacedCubic) {
    Scenario s;
    s.algorithm = Algorithm::Cubic;
    EXPECT_EQ(kernel_pacing_words(s).find("BBR"), std::string::npos);
    EXPECT_NE(kernel_pacing_words(s).find("none"), std::string::npos);
    FlowSpec bbr;
    bbr.algorithm = Algorithm::Bbr;
    s.flows = {FlowSpec{}, bbr};
    const std::string both = kernel_pacing_words(s);
    EXPECT_NE(both.find("BBR: Linux TCP internal pacing"), std::string::npos) << both;
    EXPECT_NE(both.find("the others: none"), std::string::npos) << both;
    s.flows = {bbr};
    EXPECT_EQ(kernel_pacing_words(s).find("the others"), std::string::npos);
}

}  // namespace
}  // namespace inflight::kernel
