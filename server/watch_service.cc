#include "server/watch_service.h"

#include <algorithm>
#include <functional>
#include <string>

#include "replay/log/codec.h"
#include "server/grpc_status.h"
#include "server/read_guard.h"

namespace tally::server {
namespace {

// How long a stream sleeps before it looks at its call again.
constexpr absl::Duration kPoll = absl::Seconds(1);

bool Ending(grpc::ServerContext* context, const LogWatch& watch) {
  return context->IsCancelled() || watch.stopped();
}

// Sends `ask`'s answer now and again each time an event changes it (compared
// without as_of_sequence, which moves with every event). Ends with the
// query's refusal, or OK when the call is cancelled or the server stops.
template <typename Response>
grpc::Status PushOnChange(grpc::ServerContext* context, const LogWatch& watch,
                          const std::function<grpc::Status(Response*)>& ask,
                          grpc::ServerWriter<Response>* writer) {
  std::string last_sent;
  bool sent = false;
  while (!Ending(context, watch)) {
    const uint64_t head = watch.head();
    Response answer;
    if (grpc::Status s = ask(&answer); !s.ok()) return s;
    Response compared = answer;
    if constexpr (requires { compared.clear_as_of_sequence(); }) {
      compared.clear_as_of_sequence();
    }
    std::string bytes;
    compared.SerializeToString(&bytes);
    if (!sent || bytes != last_sent) {
      if (!writer->Write(answer)) return grpc::Status::OK;  // client gone
      last_sent = std::move(bytes);
      sent = true;
    }
    while (watch.WaitBeyond(head, kPoll) <= head) {
      if (Ending(context, watch)) return grpc::Status::OK;
    }
  }
  return grpc::Status::OK;
}

}  // namespace

grpc::Status WatchService::GetLogHead(grpc::ServerContext* context,
                                      const v1::GetLogHeadRequest* request,
                                      v1::LogHead* response) {
  return GuardCall(context, gate_, "WatchService.GetLogHead", &log_, *request,
                   [&]() -> grpc::Status {
    log_.Read([&](const replay::State& s) {
      response->set_sequence(s.last_sequence);
      response->set_hash(s.last_hash);
    });
    if (checkpoints_ != nullptr) {
      std::vector<v1::Checkpoint> list = checkpoints_->List();
      // Only a checkpoint the answer's head includes (one may be signed
      // between the read above and here).
      for (auto it = list.rbegin(); it != list.rend(); ++it) {
        if (it->sequence() <= response->sequence()) {
          *response->mutable_checkpoint() = *it;
          break;
        }
      }
    }
    return grpc::Status::OK;
  });
}

grpc::Status WatchService::WatchLog(grpc::ServerContext* context,
                                    const v1::WatchLogRequest* request,
                                    grpc::ServerWriter<v1::Event>* writer) {
  return GuardCall(context, gate_, "WatchService.WatchLog", &log_, *request,
                   [&]() -> grpc::Status {
    std::unique_ptr<Gate::Stream> slot;
    if (grpc::Status s = OpenStreamSlot(*gate_, context, &slot); !s.ok()) return s;
    uint64_t next = std::max<uint64_t>(request->from_sequence(), 1);
    while (!Ending(context, watch_)) {
      absl::Status failure;
      bool client_gone = false;
      absl::Status scanned = log_.store().Scan(
          next, [&](uint64_t sequence, const std::string& raw) {
            if (context->IsCancelled()) return false;
            absl::StatusOr<v1::Event> event =
                replay::DecodeEvent(sequence, raw);
            if (!event.ok()) {
              failure = event.status();
              return false;
            }
            if (request->tournament_id().empty() ||
                event->tournament_id() == request->tournament_id()) {
              // Blocks while the client's flow-control window is full.
              if (!writer->Write(*event)) {
                client_gone = true;
                return false;
              }
            }
            next = sequence + 1;
            return true;
          });
      if (!scanned.ok()) return ToGrpcStatus(scanned);
      if (!failure.ok()) return ToGrpcStatus(failure);
      if (client_gone) return grpc::Status::OK;
      // Everything up to next - 1 is sent; wait for a later event.
      while (watch_.WaitBeyond(next - 1, kPoll) < next) {
        if (Ending(context, watch_)) return grpc::Status::OK;
      }
    }
    return grpc::Status::OK;
  });
}

grpc::Status WatchService::WatchStandings(
    grpc::ServerContext* context, const v1::GetStandingsRequest* request,
    grpc::ServerWriter<v1::Standings>* writer) {
  return GuardCall(context, gate_, "WatchService.WatchStandings", &log_,
                   *request, [&]() -> grpc::Status {
    std::unique_ptr<Gate::Stream> slot;
    if (grpc::Status s = OpenStreamSlot(*gate_, context, &slot); !s.ok()) return s;
    return PushOnChange<v1::Standings>(
        context, watch_,
        [&](v1::Standings* out) {
          return query_.GetStandings(context, request, out);
        },
        writer);
  });
}

grpc::Status WatchService::WatchTraveller(
    grpc::ServerContext* context, const v1::GetTravellerRequest* request,
    grpc::ServerWriter<v1::Traveller>* writer) {
  return GuardCall(context, gate_, "WatchService.WatchTraveller", &log_,
                   *request, [&]() -> grpc::Status {
    std::unique_ptr<Gate::Stream> slot;
    if (grpc::Status s = OpenStreamSlot(*gate_, context, &slot); !s.ok()) return s;
    return PushOnChange<v1::Traveller>(
        context, watch_,
        [&](v1::Traveller* out) {
          return query_.GetTraveller(context, request, out);
        },
        writer);
  });
}

}  // namespace tally::server
