// The application behind one TCP stream of a capture, when it is a
// request/response exchange: the client's request, the server's response
// and the pause between, as the model's request/response flow (app=rpc,
// model/engine/rpc_app.h) takes them. Read from the data segments, in file
// order, retransmissions left out:
//   client: the end that sent the SYN (without ACK); with no SYN in the
//     capture, the end that sent the first data segment.
//   a transaction: a run of the client's data segments (the request), then
//     a run of the server's (the response); it is whole when the client's
//     next request follows. Two whole transactions or more make the stream
//     request/response; a download (one request, one long answer) or a
//     bulk upload is not.
//   the request's writes: the request's segments, a write ending at each
//     segment shorter than the segment size (the server's MSS option, else
//     the largest payload in the stream) and at the request's end, so a
//     5,000 B write in 1,448 B segments is one write. Writes coalesced by
//     Nagle while they waited are one segment on the wire and read as one
//     write: the model sends them as the capture shows them. The request
//     taken is the most common among the transactions.
//   the response: the median of the whole transactions' server payloads.
//   think time: the median gap from a response's last segment to the next
//     request's first, as seen where the capture was taken. Beside the
//     server (the handshake says so: tcp_streams.h's near_end) that gap
//     holds a round trip, the handshake's, which is taken off.
//   TCP_NODELAY: a short segment the client sent while its previous short
//     segment was unacknowledged, which Nagle as Linux applies it
//     (Minshall's variant, model/tcp/nagle.h) would have held; not one
//     carrying a FIN, as closing pushes what Nagle held. None: Nagle
//     is taken as on, Linux's default (a request of one write cannot tell).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "app/capture/capture_reader.h"
#include "app/capture/tcp_streams.h"

namespace inflight::capture {

struct RequestResponse {
    std::vector<std::uint64_t> writes;  // the request, write by write
    std::uint64_t response_bytes = 0;   // the median response
    double think_s = 0;                 // the median pause before the next request (to 0.1 ms)
    bool nodelay = false;               // a short segment went out that Nagle would have held
    std::size_t transactions = 0;       // whole transactions seen
    std::size_t like_the_request = 0;   // of the requests answered, those with these writes
    std::size_t requests = 0;           // requests answered
    bool think_less_a_round_trip = false;  // the capture was beside the server
};

// The stream's request/response application, or nothing when the stream is
// not one (fewer than two whole transactions).
std::optional<RequestResponse> estimate_request_response(const CaptureContents& c, const TcpStream& s);

}  // namespace inflight::capture
