// The import plan (see import_plan.h).

#include "server/interchange/import_plan.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace tally::interchange {
namespace {

struct Meeting {
  int ns = 0;  // the pairs in their home directions
  int ew = 0;
  std::vector<int> boards;
  std::vector<int> arrow_switched;  // boards they played the other way
};

// A line seats its pairs against the directions the participants give
// (the NS pair's DIRECTION is EW and the EW pair's is NS): an arrow switch.
bool ArrowSwitched(const FileResult& r,
                   const std::map<int, std::string>& home) {
  auto ns = home.find(r.ns_pair);
  auto ew = home.find(r.ew_pair);
  return ns != home.end() && ew != home.end() && ns->second == "EW" &&
         ew->second == "NS";
}

// Where each traveller line is played: its round and table.
struct Seat {
  int round = 0;
  int table = 0;
};

std::map<std::pair<int, int>, Seat> SeatsOf(const v1::Movement& movement) {
  std::map<std::pair<int, int>, Seat> seats;  // (board, ns pair) -> seat
  for (const v1::MovementRound& r : movement.rounds()) {
    for (const v1::TableAssignment& t : r.tables()) {
      const std::set<int> switched(t.arrow_switched_boards().begin(),
                                   t.arrow_switched_boards().end());
      for (int board : t.boards()) {
        // On an arrow-switched board the EW pair holds the NS cards.
        seats[{board, switched.contains(board) ? t.ew_pair() : t.ns_pair()}] = {
            r.round(), t.table()};
      }
    }
  }
  return seats;
}

// The director's ruling a line's adjusted score stands for (Law 12C2 on
// each side's own terms, AdjustedScore.per_side), at the table the derived
// movement seats the line; where the line has no contract the board was not
// played there (Law 12C2(a)).

v1::RecordRulingRequest AdjustedRuling(const ImportTarget& target, int step,
                                       int board, int table,
                                       const FileResult& fr,
                                       FileScoring scoring) {
  auto r = StampedRequest<v1::RecordRulingRequest>(target, step, fr.line);
  r.set_competition_id(target.competition_id);
  r.set_session(target.session);
  r.set_table(table);
  r.set_board(board);
  r.set_law(fr.result.has_not_played() ? "Law 12C2(a)" : "Law 12C2");
  r.set_text(absl::StrCat("adjusted score ", AdjustedScoreText(*fr.adjusted),
                          " in ", target.file_name, " line ", fr.line));
  r.set_board_not_played(fr.result.has_not_played());
  if (scoring != FileScoring::kMatchpoints) {
    // An IMP file: 60, 50, 40 are average plus, average, average minus (the
    // reader refuses any other), at the profile's artificial IMPs.
    v1::ArtificialAdjustedScore* a = r.mutable_adjusted()->mutable_artificial();
    a->set_ns(ArtificialAwardOf(fr.adjusted->ns_percent));
    a->set_ew(ArtificialAwardOf(fr.adjusted->ew_percent));
    return r;
  }
  v1::SideAwardsAdjustedScore* a = r.mutable_adjusted()->mutable_per_side();
  a->mutable_ns()->mutable_percent()->set_numerator(fr.adjusted->ns_percent);
  a->mutable_ns()->mutable_percent()->set_denominator(1);
  a->mutable_ew()->mutable_percent()->set_numerator(fr.adjusted->ew_percent);
  a->mutable_ew()->mutable_percent()->set_denominator(1);
  return r;
}

}  // namespace

v1::ArtificialAward ArtificialAwardOf(int percent) {
  return percent == 60   ? v1::ARTIFICIAL_AWARD_AVERAGE_PLUS
         : percent == 50 ? v1::ARTIFICIAL_AWARD_AVERAGE
                         : v1::ARTIFICIAL_AWARD_AVERAGE_MINUS;
}

int PercentOfArtificialAward(v1::ArtificialAward award) {
  return award == v1::ARTIFICIAL_AWARD_AVERAGE_PLUS ? 60
         : award == v1::ARTIFICIAL_AWARD_AVERAGE    ? 50
                                                    : 40;
}

v1::Movement DeriveMovement(const SessionFile& file) {
  std::map<int, std::string> home;  // the participants' DIRECTION, if given
  for (const FilePair& p : file.pairs) {
    if (!p.direction.empty()) home[p.pair] = p.direction;
  }
  std::map<std::pair<int, int>, Meeting> meetings;
  std::set<int> ns_pairs, ew_pairs;
  for (const FileBoard& b : file.boards) {
    for (const FileResult& r : b.results) {
      const bool switched = ArrowSwitched(r, home);
      const int ns = switched ? r.ew_pair : r.ns_pair;
      const int ew = switched ? r.ns_pair : r.ew_pair;
      Meeting& m = meetings[{ns, ew}];
      m.ns = ns;
      m.ew = ew;
      m.boards.push_back(b.board);
      if (switched) m.arrow_switched.push_back(b.board);
      ns_pairs.insert(ns);
      ew_pairs.insert(ew);
    }
  }
  const bool mitchell =
      std::none_of(ns_pairs.begin(), ns_pairs.end(),
                   [&](int p) { return ew_pairs.contains(p); });
  std::vector<Meeting> ordered;
  for (auto& [key, m] : meetings) {
    std::sort(m.boards.begin(), m.boards.end());
    ordered.push_back(m);
  }
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const Meeting& a, const Meeting& b) {
                     return a.boards.front() < b.boards.front();
                   });
  struct Round {
    std::set<int> pairs;
    std::set<int> boards;
    std::vector<v1::TableAssignment> tables;
  };
  std::vector<Round> rounds;
  // table -> the boards already played there (a table plays a board once).
  std::map<int, std::set<int>> played_at;
  for (const Meeting& m : ordered) {
    size_t r = 0;
    for (; r < rounds.size(); ++r) {
      const Round& round = rounds[r];
      bool free = !round.pairs.contains(m.ns) && !round.pairs.contains(m.ew) &&
                  std::none_of(m.boards.begin(), m.boards.end(),
                               [&](int b) { return round.boards.contains(b); });
      if (free) break;
    }
    if (r == rounds.size()) rounds.emplace_back();
    Round& round = rounds[r];
    round.pairs.insert(m.ns);
    round.pairs.insert(m.ew);
    round.boards.insert(m.boards.begin(), m.boards.end());
    v1::TableAssignment t;
    int table = 0;
    if (mitchell) {
      table = static_cast<int>(
                  std::distance(ns_pairs.begin(), ns_pairs.find(m.ns))) +
              1;
    } else {
      // The lowest table free in this round at which none of the meeting's
      // boards was played before (duplicated boards, as in a Butler Howell,
      // are played at several tables).
      std::set<int> taken;
      for (const v1::TableAssignment& other : round.tables) {
        taken.insert(other.table());
      }
      for (table = 1;; ++table) {
        const std::set<int>& before = played_at[table];
        if (!taken.contains(table) &&
            std::none_of(m.boards.begin(), m.boards.end(),
                         [&](int b) { return before.contains(b); })) {
          break;
        }
      }
    }
    played_at[table].insert(m.boards.begin(), m.boards.end());
    t.set_table(table);
    t.set_ns_pair(m.ns);
    t.set_ew_pair(m.ew);
    for (int b : m.boards) t.add_boards(b);
    std::vector<int> switched = m.arrow_switched;
    std::sort(switched.begin(), switched.end());
    for (int b : switched) t.add_arrow_switched_boards(b);
    round.tables.push_back(t);
  }
  v1::Movement movement;
  for (size_t r = 0; r < rounds.size(); ++r) {
    v1::MovementRound* round = movement.add_rounds();
    round->set_round(static_cast<int>(r) + 1);
    std::sort(rounds[r].tables.begin(), rounds[r].tables.end(),
              [](const v1::TableAssignment& a, const v1::TableAssignment& b) {
                return a.table() < b.table();
              });
    for (const v1::TableAssignment& t : rounds[r].tables) {
      *round->add_tables() = t;
    }
  }
  return movement;
}

namespace {

// What every file (and every section of a file in sections, by its own
// pair numbers) passes before anything is planned: each pair listed once,
// each board's traveller once, every line's pairs participants seated once
// and in their directions (or both the other way round: an arrow switch).
// `where` ("section B: ") starts each refusal.
absl::Status CheckFile(const SessionFile& file, const ImportTarget& target,
                       const std::string& where) {
  auto refuse = [&](int line, const std::string& what) {
    return absl::InvalidArgumentError(
        absl::StrCat(target.file_name, " line ", line, ": ", where, what));
  };
  std::map<int, const FilePair*> pairs;
  for (const FilePair& p : file.pairs) {
    auto [it, added] = pairs.emplace(p.pair, &p);
    if (added) continue;
    if (it->second->direction != p.direction) {
      return refuse(
          p.line,
          absl::StrCat("pair ", p.pair,
                       " is both a North-South and an "
                       "East-West pair (the file numbers each direction "
                       "from 1); tally numbers pairs across the field: "
                       "import with --ew-offset=N to number East-West pair "
                       "k as N + k"));
    }
    return refuse(p.line, absl::StrCat("pair ", p.pair, " is listed twice"));
  }
  std::set<int> boards;
  for (const FileBoard& b : file.boards) {
    if (!boards.insert(b.board).second) {
      return refuse(b.line,
                    absl::StrCat("board ", b.board, " has a second traveller"));
    }
    std::set<int> seated;
    for (const FileResult& r : b.results) {
      for (int pair : {r.ns_pair, r.ew_pair}) {
        if (!pairs.contains(pair)) {
          return refuse(r.line, absl::StrCat("board ", b.board, ": pair ", pair,
                                             " is not among the participants"));
        }
        if (!seated.insert(pair).second) {
          return refuse(r.line, absl::StrCat("board ", b.board, ": pair ", pair,
                                             " plays it twice"));
        }
      }
      const std::string& ns_dir = pairs[r.ns_pair]->direction;
      const std::string& ew_dir = pairs[r.ew_pair]->direction;
      // Both the other way round is an arrow switch (DeriveMovement); one
      // pair against its direction is not.
      const bool arrow_switch = ns_dir == "EW" && ew_dir == "NS";
      if (arrow_switch && file.scoring != FileScoring::kMatchpoints) {
        return refuse(
            r.line,
            absl::StrCat("board ", b.board, ": pair ", r.ns_pair,
                         " (EW) sits "
                         "NS against pair ",
                         r.ew_pair,
                         " (NS), an arrow "
                         "switch; Butler pairs take no arrow switch (ANC SR "
                         "16.4: pairs keep their NS and EW fields)"));
      }
      if (!arrow_switch && ((!ns_dir.empty() && ns_dir != "NS") ||
                            (!ew_dir.empty() && ew_dir != "EW"))) {
        return refuse(
            r.line,
            absl::StrCat("board ", b.board, ": pair ", r.ns_pair, " (", ns_dir,
                         ") sits NS against pair ", r.ew_pair, " (", ew_dir,
                         "), against the directions the "
                         "participants give (an arrow switch seats both "
                         "pairs the other way round)"));
      }
    }
  }
  return absl::OkStatus();
}

// The session of a file in sections: each section's pairs numbered after
// the sections before it (section B's pair k is the session's pair
// first_pair + k - 1, first_pair following A's pairs), its movement derived
// from its own travellers and placed after theirs (B's tables follow A's;
// round r of the session holds round r of every section), with
// Movement.sections naming each; the boards' travellers merged across the
// sections. A file of one section is itself, its movement derived.
struct PlacedSession {
  SessionFile file;  // in the session's pair numbers, no sections
  v1::Movement movement;
};

absl::StatusOr<PlacedSession> PlaceSections(const SessionFile& file,
                                            const ImportTarget& target) {
  PlacedSession out;
  if (file.sections.empty()) {
    TALLY_RETURN_IF_ERROR(CheckFile(file, target, ""));
    out.file = file;
    out.movement = DeriveMovement(file);
    return out;
  }
  out.file = file;
  out.file.sections.clear();
  out.file.pairs.clear();
  out.file.boards.clear();
  std::map<int, v1::MovementRound> rounds;
  std::map<int, size_t> board_at;  // board -> index in out.file.boards
  int next_pair = 1, next_table = 1;
  for (const FileSection& section : file.sections) {
    SessionFile sub;
    sub.scoring = file.scoring;
    for (const FilePair& p : file.pairs) {
      if (p.section == section.name) sub.pairs.push_back(p);
    }
    for (const FileBoard& b : file.boards) {
      if (b.section == section.name) sub.boards.push_back(b);
    }
    TALLY_RETURN_IF_ERROR(
        CheckFile(sub, target, absl::StrCat("section ", section.name, ": ")));
    int pairs = 0;
    for (const FilePair& p : sub.pairs) pairs = std::max(pairs, p.pair);
    const int offset = next_pair - 1;
    for (FilePair& p : sub.pairs) {
      p.pair += offset;
      p.section.clear();
    }
    for (FileBoard& b : sub.boards) {
      b.section.clear();
      for (FileResult& r : b.results) {
        r.ns_pair += offset;
        r.ew_pair += offset;
      }
    }
    const v1::Movement movement = DeriveMovement(sub);
    int tables = 0;
    for (const v1::MovementRound& r : movement.rounds()) {
      v1::MovementRound& round = rounds[r.round()];
      round.set_round(r.round());
      for (v1::TableAssignment t : r.tables()) {
        tables = std::max(tables, t.table());
        t.set_table(t.table() + next_table - 1);
        *round.add_tables() = t;
      }
    }
    v1::MovementSection* placed = out.movement.add_sections();
    placed->set_name(section.name);
    placed->set_first_table(next_table);
    placed->set_tables(tables);
    placed->set_first_pair(next_pair);
    placed->set_pairs(pairs);
    placed->set_source(absl::StrCat("explicit (", target.file_name, ")"));
    next_pair += pairs;
    next_table += tables;
    for (FilePair& p : sub.pairs) out.file.pairs.push_back(std::move(p));
    for (FileBoard& b : sub.boards) {
      auto [it, added] = board_at.emplace(b.board, out.file.boards.size());
      if (added) {
        out.file.boards.push_back(std::move(b));
        continue;
      }
      FileBoard& merged = out.file.boards[it->second];
      for (FileResult& r : b.results) merged.results.push_back(std::move(r));
    }
  }
  for (auto& [number, round] : rounds) *out.movement.add_rounds() = round;
  return out;
}

}  // namespace

std::string ImportedEventName(const ImportTarget& target,
                              const std::string& event_name) {
  return event_name.empty() ? target.file_name : event_name;
}

void AddTournamentStep(const ImportTarget& target, const std::string& name,
                       int line, int& step, std::vector<ImportStep>& steps) {
  if (!target.create_tournament) return;
  auto r = StampedRequest<v1::CreateTournamentRequest>(target, ++step, line);
  r.set_name(name);
  steps.push_back({line, "the tournament", r});
}

absl::StatusOr<std::vector<ImportStep>> PlanImport(const SessionFile& in,
                                                   const ImportTarget& target) {
  TALLY_ASSIGN_OR_RETURN(const PlacedSession placed, PlaceSections(in, target));
  const SessionFile& file = placed.file;
  std::map<int, const FilePair*> pairs;
  for (const FilePair& p : file.pairs) pairs.emplace(p.pair, &p);
  std::vector<ImportStep> steps;
  int step = 0;
  auto add = [&](int line, std::string what, ImportRequest request) {
    steps.push_back({line, std::move(what), std::move(request)});
  };
  const std::string name = ImportedEventName(target, file.event_name);
  AddTournamentStep(target, name, file.line, step, steps);
  {
    auto r =
        StampedRequest<v1::CreateCompetitionRequest>(target, ++step, file.line);
    r.set_competition_id(target.competition_id);
    r.set_name(name);
    r.set_regulation_profile(target.regulation_profile);
    // An IMP-scored file is Butler pairs in a movement (the profile says
    // whether against a datum or by cross-IMPs).
    r.set_kind(file.scoring == FileScoring::kMatchpoints
                   ? v1::COMPETITION_KIND_MATCHPOINT_PAIRS
                   : v1::COMPETITION_KIND_BUTLER_PAIRS);
    add(file.line, "the competition", r);
  }
  std::vector<const FilePair*> by_number;
  for (const auto& [number, p] : pairs) by_number.push_back(p);
  for (const FilePair* p : by_number) {
    auto r = StampedRequest<v1::RegisterPairRequest>(target, ++step, p->line);
    r.set_competition_id(target.competition_id);
    r.set_pair(p->pair);
    for (const std::string& player : p->players) r.add_players(player);
    add(p->line, absl::StrCat("pair ", p->pair), r);
  }
  const v1::Movement& movement = placed.movement;
  {
    auto r =
        StampedRequest<v1::DefineSessionRequest>(target, ++step, file.line);
    r.set_competition_id(target.competition_id);
    r.set_session(target.session);
    *r.mutable_explicit_movement() = movement;
    add(file.line, "the session's movement", r);
    auto s = StampedRequest<v1::StartSessionRequest>(target, ++step, file.line);
    s.set_competition_id(target.competition_id);
    s.set_session(target.session);
    add(file.line, "the start of play", s);
  }
  const auto seats = SeatsOf(movement);
  for (const FileBoard& b : file.boards) {
    for (const FileResult& fr : b.results) {
      const Seat& seat = seats.at({b.board, fr.ns_pair});
      const std::string what = absl::StrCat("board ", b.board, ", pair ",
                                            fr.ns_pair, " v ", fr.ew_pair);
      if (!fr.result.has_not_played()) {
        auto r =
            StampedRequest<v1::EnterResultRequest>(target, ++step, fr.line);
        r.set_competition_id(target.competition_id);
        r.set_session(target.session);
        r.set_table(seat.table);
        r.set_round(seat.round);
        r.set_board(b.board);
        *r.mutable_result() = fr.result;
        add(fr.line, what, r);
      }
      if (fr.adjusted.has_value()) {
        add(fr.line, absl::StrCat(what, ", adjusted score"),
            AdjustedRuling(target, ++step, b.board, seat.table, fr,
                           file.scoring));
      }
    }
  }
  auto post = StampedRequest<v1::PostScoresRequest>(target, ++step, file.line);
  post.set_competition_id(target.competition_id);
  post.set_session(target.session);
  add(file.line, "the posting of scores", post);
  return steps;
}

}  // namespace tally::interchange
