// A finite flow's transfers as events and FCTs (transfer_events.h), no
// privileges needed: transfers made up by hand, the expected events by
// the model's rules (FlowStart per transfer, TransferOverlap before one
// that starts while another runs, TransferDone at start + FCT; a transfer
// whose last ACK came after the run's end counts as not completed).
#include <gtest/gtest.h>

#include "app/kernel/transfer_events.h"

namespace inflight::kernel {
namespace {

FiniteTransfer transfer(std::uint64_t number, double start_s, double fct_s, bool overlapped) {
    FiniteTransfer t;
    t.number = number;
    t.start_s = start_s;
    t.done = fct_s > 0;
    t.fct_s = fct_s;
    t.overlapped = overlapped;
    return t;
}

TEST(TransferEvents, StartsOverlapsAndCompletionsByTheModelsRules) {
    ResolvedFlow f;
    f.size_bytes = 100'000;
    const std::vector<FiniteTransfer> ts = {
        transfer(1, 0.0, 0.33, false),   // done at 0.33
        transfer(2, 0.2, 0.35, true),    // done at 0.55, started while 1 ran
        transfer(3, 0.8, 0.40, false),   // done at 1.2: after the end (1.0)
        transfer(4, 0.9, 0.0, false)};   // still running
    std::vector<Event> events;
    add_transfer_events(ts, f, 2, 1.0, events);
    std::size_t starts = 0, overlaps = 0, done = 0;
    for (const Event& e : events) {
        EXPECT_EQ(e.flow, 2);
        starts += e.kind == EventKind::FlowStart;
        overlaps += e.kind == EventKind::TransferOverlap;
        if (e.kind == EventKind::FlowStart) {
            EXPECT_EQ(e.size_bytes, 100'000u);
        }
        if (e.kind == EventKind::TransferOverlap) {
            EXPECT_EQ(e.transfer, 2u);
        }
        if (e.kind != EventKind::TransferDone) continue;
        ++done;
        EXPECT_LE(e.transfer, 2u);
        EXPECT_DOUBLE_EQ(e.t_s, ts[e.transfer - 1].start_s + ts[e.transfer - 1].fct_s);
        EXPECT_EQ(e.fct_s, ts[e.transfer - 1].fct_s);
        EXPECT_EQ(e.size_bytes, 100'000u);
    }
    EXPECT_EQ(starts, 4u);
    EXPECT_EQ(overlaps, 1u);
    EXPECT_EQ(done, 2u);
    EXPECT_EQ(completion_times(ts, 1.0), (std::vector<double>{0.33, 0.35}));
    // With a later end the third completes too, in start order.
    EXPECT_EQ(completion_times(ts, 2.0), (std::vector<double>{0.33, 0.35, 0.40}));
    // A transfer that began after the end (the run stopped as it started) is left out.
    std::vector<Event> early;
    add_transfer_events(ts, f, 0, 0.5, early);
    for (const Event& e : early) EXPECT_LE(e.t_s, 0.5 + 1e-12) << to_string(e.kind);
}

}  // namespace
}  // namespace inflight::kernel
