#include "server/http/results_source.h"

#include <chrono>

namespace tally::server::http {

ResultsSource::ResultsSource(std::shared_ptr<grpc::Channel> channel)
    : query_(v1::QueryService::NewStub(channel)),
      audit_(v1::AuditService::NewStub(channel)),
      watch_(v1::WatchService::NewStub(channel)) {}

std::unique_ptr<grpc::ClientContext> ResultsSource::NewContext() {
  auto context = std::make_unique<grpc::ClientContext>();
  context->set_deadline(std::chrono::system_clock::now() +
                        std::chrono::seconds(30));
  return context;
}

grpc::Status ResultsSource::Head(v1::LogHead* head) const {
  std::unique_ptr<grpc::ClientContext> context = NewContext();
  return watch_->GetLogHead(context.get(), {}, head);
}

grpc::Status ResultsSource::ReadThrough(const std::string& tournament_id,
                                        uint64_t through,
                                        KnownEvents& known) const {
  if (known.read_through >= through) return grpc::Status::OK;
  v1::ReadLogRequest request;
  request.set_tournament_id(tournament_id);
  request.set_from_sequence(known.read_through + 1);
  std::unique_ptr<grpc::ClientContext> context = NewContext();
  auto reader = audit_->ReadLog(context.get(), request);
  v1::Event e;
  uint64_t last = known.read_through;
  while (reader->Read(&e)) {
    if (e.sequence() <= last) continue;  // read before
    last = e.sequence();
    if (e.payload().has_ruling_made()) {
      known.rulings.emplace_back(e.sequence(), e.payload().ruling_made());
    }
    if (e.payload().has_session_adjustment_made()) {
      known.adjustments.emplace_back(e.sequence(),
                                     e.payload().session_adjustment_made());
    }
  }
  grpc::Status s = reader->Finish();
  if (!s.ok()) return s;
  // The events up to `through` were durable when asked for, so the
  // reader has passed them all.
  known.read_through = std::max(last, through);
  return grpc::Status::OK;
}

grpc::Status ResultsSource::Rulings(const std::string& tournament_id,
                                    uint64_t through,
                                    std::vector<Ruling>* out) const {
  absl::MutexLock lock(&mu_);
  KnownEvents& known = known_[tournament_id];
  grpc::Status s = ReadThrough(tournament_id, through, known);
  if (!s.ok()) return s;
  for (const Ruling& r : known.rulings) {
    if (r.first <= through) out->push_back(r);
  }
  return grpc::Status::OK;
}

grpc::Status ResultsSource::SessionAdjustments(
    const std::string& tournament_id, uint64_t through,
    std::vector<SessionAdjustment>* out) const {
  absl::MutexLock lock(&mu_);
  KnownEvents& known = known_[tournament_id];
  grpc::Status s = ReadThrough(tournament_id, through, known);
  if (!s.ok()) return s;
  for (const SessionAdjustment& a : known.adjustments) {
    if (a.first <= through) out->push_back(a);
  }
  return grpc::Status::OK;
}

}  // namespace tally::server::http
