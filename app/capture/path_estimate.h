// The path under one TCP stream of a capture, estimated from its sender's
// side, so the model can be set to it ("Model this path",
// `inflight capture FILE --model`). Each estimate, its law and its source:
//   minimum RTT: the smallest RTT sample (stream_analysis.h: an ACK landing
//     on the end of never-retransmitted data, Karn's rule, RFC 6298 §3).
//     It is the propagation delay plus one segment's transmission at the
//     bottleneck, so the base RTT the model takes is that minimum less
//     MSS·8 / bottleneck rate (the model adds the transmission itself) —
//     unless the rate is only what the window allows per RTT (below), or
//     the flow never filled the path: the application held it back most
//     of the time (stream_analysis.h's limit), or at its peak it delivered
//     fewer than two segments per minimum RTT, too few to keep a queue at
//     a bottleneck (a request/response flow of 100 B writes reads some
//     22 kbit/s, at which one segment's transmission is longer than the
//     round trip). Then the rate is only a lower bound of the link's, said
//     so, and the base RTT is the handshake's round trip where the capture
//     has one no longer than the samples (no data rides on it), else the
//     minimum RTT; the segment size is the receiver's MSS option, as the
//     payloads are the application's writes. A
//     capture taken beside the receiver (StreamSides) has only the
//     receiver's ACK delay in its samples: there the handshake's round
//     trip is the minimum RTT and the base RTT.
//   bottleneck rate: the peak delivery rate — the most bytes delivered
//     (cumulative ACK plus the bytes SACK blocks hold above it, kept on a
//     scoreboard as RFC 6675 §3 keeps one: sack_scoreboard.h) from an ACK to one at least
//     eight minimum RTTs later, over the longer of the time between the two
//     and the time between the sending of the data they acknowledge (Linux
//     tcp_rate.c's max(send_elapsed, ack_elapsed)): ACKs let out late in a
//     clump, and an emulator or a link catching up after a stall, would
//     otherwise read as a faster link. While a queue stands at the bottleneck its ACKs come
//     back at its rate (Jacobson's ACK clock; BBR's BtlBw is the same
//     windowed maximum, Cardwell et al. 2016), and delivery cannot run
//     ahead of it; a flow that never filled the link gives less (then the
//     estimate is a lower bound: a peak within 10% of what the advertised
//     window allows per RTT, rwnd·8 / min RTT, is taken as the window's
//     and a note says so). Counted in payload bytes, as the model counts a
//     segment's size as its data.
//   loss rate: retransmitted data segments over all data segments sent
//     (retransmissions included). With SACK each lost segment is sent again
//     once, so a retransmission stands for a loss; a spurious one (a timer
//     fired early) counts as a loss, and a loss at the very end, not yet
//     repaired when the capture stopped, is missed. A loss rate can only be
//     told apart from congestion drops by the path; the model takes it as
//     random loss.
//   receive window: the largest advertised window, the window field scaled
//     by the shift the SYNs agreed (RFC 7323 §2.2); unscaled, and said so,
//     when the capture lacks either SYN.
//   segment size: the largest payload, no larger than the MSS option the
//     receiver's SYN offered (a capture taken above segmentation offload
//     shows larger packets than the wire carried).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/capture/capture_reader.h"
#include "app/capture/request_response.h"
#include "app/capture/stream_analysis.h"
#include "model/core/scenario.h"

namespace inflight::capture {

struct PathEstimate {
    double min_rtt_s = 0;           // the smallest RTT sample
    double base_rtt_s = 0;          // min_rtt_s less one segment's transmission at the bottleneck
    double bottleneck_bps = 0;      // the peak delivery rate over eight minimum RTTs
    // The flow never filled the path: bottleneck_bps is its own rate, a
    // lower bound of the link's, and base_rtt_s has nothing taken off.
    bool rate_is_lower_bound = false;
    double peak_at_s = 0;           // where that span ends, from the stream's first packet
    double loss_fraction = 0;       // retransmitted / sent data segments
    std::uint64_t retransmits = 0;
    std::uint64_t data_segments = 0;  // every data segment sent, retransmissions included
    std::uint64_t rwnd_bytes = 0;   // the largest advertised window
    bool rwnd_scale_known = false;  // both SYNs were captured (else the field is unscaled)
    std::uint32_t mss_bytes = 0;
    double duration_s = 0;          // the stream's, first packet to last
    // A request/response stream's application (request_response.h).
    std::optional<RequestResponse> application;
    std::vector<std::string> notes; // what to read with care, one line each
};

// The estimate for the stream `a` measured (analyze_capture on `c`); nothing
// and one line in *error when the stream has no RTT sample or no ACK of data.
std::optional<PathEstimate> estimate_path(const CaptureContents& c, const CaptureAnalysis& a, std::string* error);

// `base` with its path set to the estimate: one flow (a stream is one
// connection), bandwidth (to 3 significant figures), base RTT (to 0.1 ms),
// loss (random, to 3 significant figures, or none), receive window,
// segment size and duration (the stream's, in whole seconds). A
// request/response stream's flow is the model's request/response flow with
// the capture's request, response, think time and Nagle (when the model's
// flow can take them, validate_flows: else a bulk flow, and a line gives
// the validator's reason); any other stream's flow is bulk. A value
// outside the model's range is brought to its nearest end, and a line in
// *adjusted (when given) says so. When the rate is only a lower bound
// (rate_is_lower_bound) the capture does not give the link's rate: `base`'s
// bandwidth stays, raised to the bound if it is below, and a line says so.
Scenario path_scenario(const PathEstimate& e, Scenario base, double max_bandwidth_bps,
                       std::vector<std::string>* adjusted = nullptr);

// "50.0 Mbit/s, base RTT 40.0 ms (min 40.2 ms), loss 0.50% (612 of 122,400
// segments), rwnd 524,288 B" — the estimate in one line.
std::string path_estimate_words(const PathEstimate& e);

// "request 100 B + 100 B, response 100 B, think 0 s, Nagle on (62 of 62
// requests alike, 61 whole transactions)" — a request/response stream's
// application in one line.
std::string application_words(const RequestResponse& a);

}  // namespace inflight::capture
