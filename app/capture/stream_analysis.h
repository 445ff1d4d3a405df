// One TCP stream of a capture, seen from its sender's side, turned into the
// model's own trace and summary (model/core/result.h), so a capture is read
// and printed as a run is. The sender is the end that sent more payload. A
// capture taken beside the receiver (the handshake says so: StreamSides in
// tcp_streams.h) is measured the same way and says so (beside_receiver):
// there the RTT samples are the receiver's own ACK delay and the flight
// what had reached it.
//   bytes in flight: after each data segment, its end less the highest
//     acknowledgement and less the bytes the latest ACK's SACK blocks hold
//     below that end — RFC 5681 §2's flight size made SACK-aware, as
//     Wireshark's tcp.analysis.bytes_in_flight counts it
//   RTT samples: an ACK that moves the cumulative acknowledgement to the
//     end of a segment, over data none of which was ever retransmitted
//     (Karn's rule, RFC 6298 §3): the ACK's time minus that segment's
//   delivered (the trace's delivered bytes and per-bucket delivery rate):
//     a byte is delivered when an ACK first acknowledges it, by a SACK
//     block or by the cumulative ACK, and is counted once — the
//     scoreboard's arrivals (sack_scoreboard.h), as Linux's tcp_rate.c and
//     the model count delivery (draft-cheng-iccrg-delivery-rate-estimation
//     §3.1). The cumulative ACK's progress alone would count the bytes
//     SACKed during a recovery when the hole is filled, in one bucket
//     (579 Mbit/s in a 10 ms bucket on a 50 Mbit/s path). Once no hole is
//     open the two agree: by the stream's end its delivered bytes are the
//     cumulative ACK's unless it ends in recovery.
//   goodput (the summary's throughput), over the second half of the
//     stream, as a run's steady-state window: the bytes in order by its
//     end (the cumulative ACK) less those that had arrived, in or out of
//     order, by its start
//   retransmissions: data segments that start below the highest sequence
//     number already sent (keep-alives aside), Wireshark's rule
//   duplicate ACKs: RFC 5681 §2 — no data, no SYN/FIN/RST, the same
//     acknowledgement and window as the previous ACK, data outstanding
//   advertised window: the receiver's window field, scaled by the shift its
//     SYN-ACK offered when both SYNs offered one (RFC 7323 §2.2)
//   limit: the application from an ACK that leaves nothing in flight until
//     the sender's next segment (with data to send, a window would have
//     let it send at once: Linux's tcp_rate_check_app_limited marks such a
//     pipe app-limited); rwnd while the flight is within one MSS of the
//     advertised window; otherwise cwnd (or loss recovery: a capture
//     cannot tell)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/capture/capture_reader.h"
#include "app/capture/tcp_streams.h"
#include "model/core/result.h"

namespace inflight::capture {

struct CaptureAnalysis {
    RunResult result;                 // trace and summary; figures a capture cannot give are NaN
    TcpStream stream;
    int stream_count = 0;
    std::string sender, receiver;     // "ip:port"
    std::uint64_t data_segments = 0;  // from the sender, with payload
    std::uint64_t acks = 0;           // from the receiver, without payload
    std::uint64_t duplicate_acks = 0;
    std::uint64_t sack_acks = 0;      // ACKs carrying SACK blocks
    std::uint64_t rtt_samples = 0;    // behind the summary's RTT figures: the second half's
    bool rtt_whole_stream = false;    // none in the second half: the whole stream's instead
    std::uint64_t max_bytes_in_flight = 0;
    double max_advertised_window_bytes = 0;
    std::uint32_t mss_bytes = 0;      // the largest segment's payload
    std::uint64_t acked_bytes = 0;    // over the whole stream
    double duration_s = 0;
    bool window_scale_known = false;
    // The handshake puts the capture beside the receiver (StreamSides):
    // the RTT samples are its ACK delay and the flight what reached it.
    bool beside_receiver = false;
    double handshake_rtt_s = 0;       // the round trip the handshake shows; 0: unknown
    std::vector<std::string> absent;  // what could not be derived, one line each
    std::string cut;                  // the capture was read only in part (cut_words); empty: whole
};

// The stream `stream` (tshark's tcp.stream number), or the one carrying
// the most payload; nothing and one line in *error when the capture has
// no TCP, no such stream, no data, or only one direction of it.
// The summary's first line, as `inflight capture` prints it and the
// window shows it: "Goodput 24.1 Mbit/s over the second half of the
// stream, limited by cwnd (or loss recovery)"; beside the receiver, that
// no limit can be read there, and the handshake's round trip.
std::string capture_headline(const CaptureAnalysis& a);

std::optional<CaptureAnalysis> analyze_capture(const CaptureContents& c, const std::string& path,
                                               std::optional<int> stream, std::string* error);

}  // namespace inflight::capture
