// One example per `tally` command, shown by `tally COMMAND --help`. The
// demo tournament (`tallyd --demo`: tournament demo, competitions pairs and
// butler) answers the read-only ones as written. A new command adds its line
// here; the CLI test fails for a command without one. Thread-safe.

#include <map>
#include <string>

#include "server/cli/command_line.h"

namespace tally::cli {

std::string CommandExample(const std::string& name) {
  static const auto* const kExamples = new std::map<std::string, std::string>{
      // Setting up.
      {"create-tournament",
       "tally create-tournament club-2026 Club championship "
       "--time-zone=Australia/Sydney"},
      {"time-zone", "tally time-zone club-2026 Australia/Adelaide"},
      {"create-competition",
       "tally create-competition club-2026 pairs Tuesday pairs "
       "--profile=sabf_matchpoint_pairs"},
      {"register-pair",
       "tally register-pair club-2026 pairs 1 \"Ann Ashby\" \"Bill Brown\""},
      {"define-session",
       "tally define-session club-2026 pairs 1 --mitchell=3:2"},
      {"start-session", "tally start-session club-2026 pairs 1"},
      {"post-scores", "tally post-scores club-2026 pairs 1"},
      {"movement", "tally movement demo pairs 1"},
      // At the table.
      {"enter-result", "tally enter-result demo pairs 1 2 3 3NT N 9"},
      {"correct",
       "tally correct demo pairs 1 1 2 4S N 10 --kind=players "
       "--reason=\"entered one trick short\" --dry-run"},
      {"confirm-result", "tally confirm-result demo pairs 1 1 1 8"},
      {"substitute",
       "tally substitute club-2026 pairs 1 3 \"Bill Brown\" \"Cid Cole\""},
      {"absent", "tally absent club-2026 pairs 2 3 --reason=representative"},
      // Results.
      {"tournaments", "tally tournaments"},
      {"tournament", "tally tournament demo"},
      {"standings", "tally standings demo pairs 1"},
      {"traveller", "tally traveller demo pairs 1 1"},
      {"scorecard", "tally scorecard demo pairs 1 1"},
      {"profiles", "tally profiles"},
      {"profile", "tally profile sabf_matchpoint_pairs"},
      {"competition-standings",
       "tally competition-standings demo pairs --purpose=final"},
      {"schedule",
       "tally schedule demo pairs 1 \"2026-11-21 19:30\" "
       "\"2026-11-21 22:30\""},
      {"play-finished", "tally play-finished demo pairs 1"},
      {"scores-agreed", "tally scores-agreed demo butler 1 1"},
      {"end-stage",
       "tally end-stage demo pairs --next-stage-start=\"2026-11-28 19:30\""},
      {"windows", "tally windows demo pairs"},
      {"official", "tally official demo pairs"},
      // Events of matches.
      {"register-team",
       "tally register-team club teams 1 Aces --players=\"A1,A2,A3,A4\""},
      {"draw", "tally draw club teams 2 --seed=7"},
      {"show-draw", "tally show-draw demo butler 1"},
      {"adjust-session",
       "tally adjust-session club pairs 1 7 --sit-out=25,26,27 "
       "--law=\"Compscore sit-out average\" --text=\"sat out round 9\""},
      {"penalty",
       "tally penalty club teams 4 1.5 --clause=\"NSW TR 6.7\" "
       "--reason=\"late line-up\""},
      {"lot", "tally lot club teams 3 5"},
      {"match-results", "tally match-results demo butler 1"},
      {"match-standings", "tally match-standings demo butler --after-round=1"},
      {"record", "tally record demo butler 1"},
      {"check-draw", "tally check-draw demo butler 1"},
      {"match-standings-as-of",
       "tally match-standings-as-of demo butler --sequence=40"},
      {"qualify", "tally qualify anc final --from=heats --per-field=4"},
      {"qualification", "tally qualification anc final"},
      {"knockout", "tally knockout finals five"},
      {"seating-rights", "tally seating-rights finals five 2 1 3 --match=gf"},
      {"lineup", "tally lineup elig rr 1 2 --open=B1,B2 --closed=B3,B4"},
      {"eligibility", "tally eligibility demo butler --schedule=weeknight"},
      {"withdraw",
       "tally withdraw club teams 6 --reason=\"illness\" --after-round=3"},
      {"forfeit", "tally forfeit club teams 4 2 6 --reason=\"did not arrive\""},
      // Rulings, appeals and offences.
      {"rule",
       "tally rule club mp 1 4 2 --law=\"Law 12C1(c)\" "
       "--text=\"misinformation\" "
       "--weighted=\"70%:4S N +1;30%:6S N =\" --non-offending=ew"},
      {"fouled-match",
       "tally fouled-match club teams 2 3 7 --treatment=redealt "
       "--offending=5 --text=\"board 7 fouled between the rooms\""},
      {"appeal", "tally appeal list demo pairs"},
      {"offence",
       "tally offence nsw swiss 1 slow_play --round=2 --day=2026-03-01 "
       "--reason=\"round 2 not finished in time\""},
      {"offences", "tally offences nsw"},
      {"datum-substitutes",
       "tally datum-substitutes nsw swiss 3 17 --include=yes "
       "--director=\"Chief TD\" --reason=\"a valid datum\""},
      // Audit and publishing.
      {"log", "tally log --from=1 --limit=20"},
      {"standings-as-of", "tally standings-as-of demo pairs 1 --sequence=40"},
      {"board-history", "tally board-history demo pairs 1 1"},
      {"export", "tally export demo.jsonl"},
      {"verify", "tally verify demo.jsonl"},
      {"what-changed", "tally what-changed 40"},
      {"diff-standings",
       "tally diff-standings --from=30 --to=40 --tournament=demo"},
      {"public-key", "tally public-key --pem"},
      {"checkpoints", "tally checkpoints --last"},
      {"checkpoint", "tally checkpoint"},
      {"publish", "tally publish ./site"},
      // Who may do what (docs/access.md).
      {"enrol-device", "tally enrol-device demo pairs 1 5"},
      {"principal-add",
       "tally principal-add director td:jane --tournament=demo "
       "--description=\"Jane Smith\""},
      {"principals", "tally principals demo"},
      {"rotate-token", "tally rotate-token t5s1"},
      {"revoke", "tally revoke t5s1"},
      {"whoami", "tally whoami"},
      // Operating the server (docs/operator.md).
      {"backup", "tally backup /var/backups/tally/2026-11-27"},
      {"completion", "tally completion bash"},
      // Files in and out (docs/interchange.md).
      {"import",
       "tally import club.xml club-2026 --profile=sabf_matchpoint_pairs"},
      {"export-session",
       "tally export-session demo pairs 1 --format=usebio --output=demo.xml"},
      {"follow-bws",
       "tally follow-bws club-2026 pairs 1 /srv/bridgemate/tuesday.bws "
       "--poll-seconds=10"},
      // Calculator.
      {"calc", "tally calc imps 620 -100"},
  };
  auto it = kExamples->find(name);
  return it == kExamples->end() ? "" : it->second;
}

}  // namespace tally::cli
