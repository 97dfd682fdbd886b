// One line of prose per option of every `tally` command, shown by `tally
// COMMAND --help` beside the option. An option that means the same for
// every command that takes it is described once by its name; one whose
// meaning is a command's own is described as "COMMAND --name". A new
// option adds its line here; the CLI test fails for an option without one.
// Thread-safe.

#include <map>
#include <string>

#include "server/cli/cli_common.h"
#include "server/cli/command_line.h"

namespace tally::cli {
namespace {

const std::map<std::string, std::string>& Descriptions() {
  static const auto* const kDescriptions = new std::map<std::string,
                                                        std::string>{
      // The same wherever they appear.
      {"--reason", "why, in your words: the log keeps it with the event"},
      {"--dry-run", "show every figure it would change; append nothing"},
      {"--exact", "fractions exactly (275/6), not to 2 decimal places"},
      {"--room", "which table of a teams match: open or closed"},
      {"--profile", "the regulation profile (tally profiles lists them)"},
      {"--tournament", "only this tournament"},
      {"--competition", "the competition (by its id)"},
      {"--clause", "the regulation clause applied, e.g. \"NSW TR 12.9\""},
      {"--supersedes", "the event of the earlier decision this one replaces"},
      {"--sequence", "as of this event of the log (its number)"},
      {"--time", kTimeHelp},
      {"--at", "at this moment instead of now: " + std::string(kTimeHelp)},
      {"--after-round", "after this round (default: every round drawn)"},
      {"--signed-by", "who signed it, as the form names them"},
      {"--text", "the text, as written on the form"},
      {"--ew-offset",
       "East-West pair k is numbered N + k (the file numbers them apart)"},
      {"--format", "the file's format: usebio (USEBIO 1.2) or pbn (PBN 2.1)"},
      {"--list", "list the rules (or scales) and what each does"},
      {"--half",
       "how a half is rounded: away from zero, toward it, up, "
       "down or to even"},
      {"--boards", "the number of boards in the match"},
      {"--true", "the scores of the true form, comma-separated"},
      {"--fouled", "the scores of the fouled form, comma-separated"},
      {"--expected", "the number of scores the board should have"},
      // Setting up.
      {"create-tournament --time-zone",
       "the IANA time zone its times are shown and typed in, e.g. "
       "Australia/Sydney (default UTC)"},
      {"create-competition --kind",
       "the kind of competition (default: the kind the profile is for)"},
      {"create-competition --rounds",
       "a Swiss event's number of rounds, where the profile leaves it open"},
      {"define-session --mitchell",
       "a Mitchell movement: TABLES tables, BOARDS_PER_ROUND boards a round"},
      {"define-session --howell",
       "a Howell movement: PAIRS pairs, BOARDS_PER_ROUND boards a round"},
      {"define-session --movement-file",
       "a file of lines 'ROUND TABLE NS_PAIR EW_PAIR BOARD,BOARD,...'; a "
       "board written 7* is played arrow-switched at that table"},
      {"standings --section",
       "a session in sections: only this section's ranking, e.g. B"},
      {"define-session --sections",
       "matchpoint pairs in sections on the same boards, e.g. "
       "A:mitchell=3:2,B:mitchell=3:2 (or B:howell=PAIRS:BOARDS); B's tables "
       "and pairs follow A's and show as B1, B2, ..."},
      {"define-session --arrow-switch-rounds",
       "with --mitchell: rounds whose boards are all played arrow-switched "
       "(the pairs swap directions), e.g. 3 or 3,6; one field, one winner"},
      {"define-session --arrow-switch-last-boards",
       "with --mitchell: the last N boards of every round are played "
       "arrow-switched (an arrow switch inside the round)"},
      {"register-team --players",
       "the team's four to six players, "
       "comma-separated"},
      // At the table.
      {"enter-result --round",
       "in an event of matches: the round (also SESSION)"},
      {"enter-result --room",
       "which table of the match: open or closed (a share match: "
       "share1-share3)"},
      {"confirm-result --room",
       "which table of the match: open or closed (a share match: "
       "share1-share3)"},
      {"correct --kind",
       "whose error: the players' (both sides agree, Law 79C), an "
       "inconsistent score (NSW TR 12.6) or the scorer's"},
      {"correct --ns-agreed", "who agreed the correction for North-South"},
      {"correct --ew-agreed", "who agreed the correction for East-West"},
      {"substitute --representative",
       "the member was representing the state or country (SABF TR 11.4)"},
      {"substitute --national-playoffs",
       "the member is in the National Playoffs that day (SABF TR 18.1.2)"},
      {"absent --reason",
       "why the pair was absent (SABF TR 11.4-11.5); default none"},
      // Results.
      {"competition-standings --after-session",
       "over sessions 1 to N (default: every posted session)"},
      {"competition-standings --purpose",
       "whose tie-breaks rank it: qualification or the final placing"},
      {"match-standings --purpose",
       "whose tie-breaks rank it: the draw, qualification or the final "
       "placing (default)"},
      {"match-standings-as-of --purpose",
       "whose tie-breaks rank it: the draw, qualification or the final "
       "placing (default)"},
      {"eligibility --schedule",
       "the event's schedule, where the eligibility rule depends on it"},
      {"eligibility --sessions", "the number of sessions of the event"},
      {"schedule --last-of-stage", "the last session of its stage"},
      {"end-stage --next-stage-start",
       "when the next stage starts: " + std::string(kTimeHelp)},
      // Events of matches.
      {"draw --seed",
       "the seed of the random draw (default: one is chosen "
       "and kept in the log)"},
      {"draw --first-board", "the number of the round's first board"},
      {"draw --early",
       "draw before every result of the previous round is in (ANC SR 6.3)"},
      {"draw --matches",
       "the director's own draw: TABLE:HOME:AWAY for each match"},
      {"draw --bye", "with --matches: the entrant who has the bye"},
      {"draw --ctd-round-order",
       "a 5-team ITC round robin 3: the printed rounds in the CTD's order"},
      {"lineup --open", "the two players in the open room"},
      {"lineup --closed", "the two players in the closed room"},
      {"lineup --stanza", "the stanza of a final (default: the round's match)"},
      {"qualify --from", "the finished stage the entrants come from"},
      {"qualify --per-field",
       "how many qualify from each field (default: as the profile says)"},
      {"qualify --withdrawn",
       "entrants who withdrew, replaced by the next (ANC SR 19.1)"},
      {"qualify --non-contending",
       "entrants not contending, replaced by the next (ANC SR 19.1)"},
      {"qualify --clause", "the clause that says who qualifies"},
      {"seating-rights --match", "the match (default: the Final)"},
      {"withdraw --after-round",
       "drawn in no round after this one (default: the rounds drawn so far)"},
      {"forfeit --kind",
       "forfeited (default), abandoned (SABF TR 13.18) or cancelled (SABF "
       "TR 13.9)"},
      {"penalty --round", "the round the penalty belongs to"},
      {"adjust-session --mp",
       "matchpoints to add (negative: take off), e.g. 3, -1.5 or 1/3"},
      {"adjust-session --percent",
       "a percentage of the pair's session top to add (negative: take off), "
       "-100 to 100"},
      {"adjust-session --sit-out",
       "the boards the pair sat out, e.g. 25,26,27: on each, its own "
       "average on the boards it played"},
      {"adjust-session --law",
       "the clause or published convention applied, e.g. \"EBU White "
       "Book\""},
      {"adjust-session --text", "the adjustment as the director gave it"},
      // Rulings, appeals and offences.
      {"rule --law", "the Law or clause applied, e.g. \"Law 12C1(c)\""},
      {"fouled-match --treatment",
       "the Fouled-board guide's treatment: play_proceeds, adjusted ((a)), "
       "redealt ((b)) or redealt_both_at_fault ((c))"},
      {"fouled-match --offending",
       "the team responsible for the fouling (its number)"},
      {"fouled-match --cards-exchanged",
       "play_proceeds: cards were exchanged between partners (fined 6 IMPs)"},
      {"fouled-match --imps",
       "adjusted: the IMPs to the non-offending team, more than 3"},
      {"fouled-match --law", "the clause applied (default: the guide)"},
      {"rule --text", "the ruling as you gave it"},
      {"rule --artificial",
       "an artificial adjusted score for each side, e.g. ns:avg+,ew:avg- "
       "(Law 12C2)"},
      {"rule --per-side",
       "each side on its own terms: a percentage of the top or a score, "
       "e.g. ns:60%,ew:NS+630"},
      {"rule --assigned", "an assigned adjusted score, e.g. \"4SX N -2\""},
      {"rule --weighted",
       "a weighted adjusted score, e.g. \"30%:6S N =;70%:4S N +2\" (Law "
       "12C1(c))"},
      {"rule --split",
       "a different score for each side, e.g. \"ns:4S N +2;ew:6S N =\" "
       "(Law 12C1(b))"},
      {"rule --penalty", "a penalty on one side, e.g. ns:2mp"},
      {"rule --kind", "the penalty's kind: procedural or disciplinary"},
      {"rule --fouled",
       "a fouled board: the treatment and the tables that played the "
       "fouled form"},
      {"rule --wrong-side",
       "a score recorded on the wrong side: the board is fouled for the "
       "round (NSW TR 12.6)"},
      {"rule --not-played", "the board was not played at this table"},
      {"rule --non-offending", "the non-offending side: ns or ew"},
      {"datum-substitutes --include",
       "yes: bring in as many scores from the next tables down; no: leave "
       "the datum without them (NSW TR 13.3)"},
      {"datum-substitutes --director", "the director who chose"},
      {"offence --day",
       "the day of the offence (default: today in the "
       "tournament's time zone)"},
      {"offence --round", "the round of the offence"},
      {"offence --player", "the player, for offences counted per player"},
      {"offence --boards",
       "the boards the offence concerns, where the "
       "penalty scale counts them"},
      {"offences --offender",
       "only this offender: 'pair A & B', 'team NAME' or 'player NAME'"},
      {"appeal --kind",
       "lodge: what is appealed: a review, a ruling or the scorer's "
       "decision"},
      {"appeal --appellant", "lodge: the appellant's pair or team number"},
      {"appeal --grounds", "lodge, further: the grounds of the appeal"},
      {"appeal --respondents", "lodge: the respondents' numbers"},
      {"appeal --ruling", "lodge: the director's ruling, as given"},
      {"appeal --ruling-sequence", "lodge: the event of the ruling appealed"},
      {"appeal --advised",
       "lodge: when the parties were advised of a ruling made after the "
       "session: " +
           std::string(kTimeHelp)},
      {"appeal --involved", "lodge: who is involved in the dispute"},
      {"appeal --auction", "lodge: the auction, as on the form"},
      {"appeal --details", "lodge: the details of the incident"},
      {"appeal --director-comments", "lodge: the director's comments"},
      {"appeal --director-signature", "lodge: the director who signed"},
      {"appeal --north", "lodge: North's hand, S.H.D.C, e.g. AKJ4.Q32.K5.A432"},
      {"appeal --east", "lodge: East's hand, S.H.D.C"},
      {"appeal --south", "lodge: South's hand, S.H.D.C"},
      {"appeal --west", "lodge: West's hand, S.H.D.C"},
      {"appeal --chair", "hear: the committee's chair (one of the members)"},
      {"appeal --members", "hear: the committee's members"},
      {"appeal --upheld", "decide: the director's ruling stands"},
      {"appeal --assigned",
       "decide: the committee's assigned score, e.g. '3S N 9'"},
      {"appeal --artificial",
       "decide: artificial scores, e.g. avg+/avg- (NS/EW)"},
      {"appeal --decision", "decide: the committee's decision, as written"},
      {"appeal --chair-signature", "decide: the chair who signed"},
      {"appeal --dissent", "decide: a member's dissent"},
      {"appeal --penalty",
       "decide: a penalty for an appeal without merit: deposit, vp:N, "
       "tops:N or imps:N"},
      {"appeal --penalty-clause", "decide: the clause of the penalty"},
      {"appeal --by", "withdraw: who withdraws it"},
      {"appeal --reason", "withdraw: why"},
      {"appeal --text", "submit, reply: the text, as written"},
      {"appeal --entrant", "further: the entrant appealing further"},
      {"appeal --to-body",
       "further: the body that hears it, where tally does not hold its "
       "regulations (ANC SR 1.1)"},
      {"appeal --clause", "further: the clause that gives the appeal"},
      // Audit and publishing.
      {"log --from", "from this event on (default: the first)"},
      {"log --limit", "at most N events (default: all)"},
      {"verify --checkpoint",
       "with EXPORT: the published checkpoints it must extend"},
      {"verify --public-key",
       "with --checkpoint: the key that signed them (64 hex digits, or a "
       "file)"},
      {"verify --data-dir",
       "check a stopped server's data directory, read-only"},
      {"public-key --pem", "as a PEM block, for openssl"},
      {"checkpoints --last", "only the latest"},
      {"diff-standings --from",
       "the earlier point: an event number, or a time (--tournament's "
       "zone, else UTC)"},
      {"diff-standings --to", "the later point, as --from"},
      {"diff-standings --all",
       "every figure that differs (results, datums, board scores, matches "
       "too)"},
      // Who may do what.
      {"enrol-device --round", "the third number is a teams round"},
      {"enrol-device --id", "the device's id (default: one is made up)"},
      {"principal-add --tournament", "its tournament (its scope)"},
      {"principal-add --competition", "its competition, within --tournament"},
      {"principal-add --session", "a device's session (pairs)"},
      {"principal-add --round", "a device's round (teams)"},
      {"principal-add --table", "a device's table"},
      {"principal-add --description", "who or what it is, for the list"},
      // Files.
      {"import --competition",
       "the competition to import into (default "
       "pairs)"},
      {"import --existing-tournament",
       "add to a tournament that exists already"},
      {"follow-bws --section",
       "the section to follow, by its letter (default: the file's only "
       "section)"},
      {"follow-bws --poll-seconds",
       "seconds between two reads of the file (default 10)"},
      {"follow-bws --once",
       "read the file once, send what is new and stop (exit status 1 when "
       "a row was not entered)"},
      {"export-session --output",
       "the file to write (default: standard "
       "output)"},
      // The calculator.
      {"calc --board", "contract: the board, for its vulnerability"},
      {"calc --offending", "fouled-match: the team responsible, home or away"},
      {"calc --cards-exchanged",
       "fouled-match: cards were exchanged between partners (6 IMPs)"},
      {"calc --imps", "fouled-match: (a)'s IMPs to the non-offending team"},
      {"calc --home-imps",
       "fouled-match: the home team's IMPs in the match before the ruling"},
      {"calc --vul", "contract: the vulnerability, without a board"},
      {"calc --rule",
       "datum, fouled, fouled-butler: the rule (calc datum --list)"},
      {"calc --match", "datum, fouled-butler: the boards of a match"},
      {"calc --tables", "datum, fouled-butler: the number of tables"},
      {"calc --pending", "datum: the tables whose scores are pending appeal"},
      {"calc --substitute",
       "datum: substitute the pending scores "
       "(NSW TR 13.3)"},
      {"calc --step", "datum: round the datum to this step (default 10)"},
      {"calc --ten-percent", "datum: how 10% of the scores is rounded"},
      {"calc --pending-policy", "datum: what to do with scores pending appeal"},
      {"calc --scale", "vp, half-match: the VP scale (calc vp --list)"},
      {"calc --itc-loser", "vp, half-match: the ITC loser's VPs"},
      {"calc --ipc-places", "vp: the IPC scale's places"},
      {"calc --mp-swiss-places", "vp: the matchpoint Swiss scale's places"},
      {"calc --field", "weighted: the other tables' scores"},
      {"calc --other-room", "weighted: the other room's score (teams)"},
      {"calc --kind", "average-plus: the form of scoring"},
      {"calc --mp", "neuberg: the matchpoints scored"},
      {"calc --played", "neuberg, half-match: the scores (boards) played"},
      {"calc --reduced-scale", "half-match: the scale for fewer boards"},
      {"calc --method", "several-boards: the method"},
      {"calc --teams",
       "several-boards: teams; carry-over: the teams, in "
       "order"},
      {"calc --maximum", "percentage: the maximum"},
      {"calc --penalties", "percentage: matchpoints deducted"},
      {"calc --places", "percentage: decimal places, or exact"},
      {"calc --round", "swiss-draw: the round to draw"},
      {"calc --met", "swiss-draw: who has met, ROUND:A-B,..."},
      {"calc --byes", "swiss-draw: earlier byes, ROUND:ENTRANT,..."},
      {"calc --seed", "swiss-draw: the seed of the lot"},
      {"calc --first-round", "swiss-draw: the first round's draw"},
      {"calc --odd", "swiss-draw: an odd number of entrants"},
      {"calc --home", "swiss-draw: who is home"},
      {"calc --modified", "swiss-draw: the modified Swiss rounds"},
      {"calc --chain", "tie-break: the chain of tie-breaks"},
      {"calc --purpose", "tie-break: which ranking it is for"},
      {"calc --lot", "tie-break: the order of a lot drawn"},
      {"calc --fines", "tie-break: VP fines, ID:VPS,..."},
      {"calc --incomplete", "tie-break: the event is not complete"},
      {"calc --datum", "fouled-butler: the datum rule"},
      {"calc --treatment", "fouled-butler: the fouled-board treatment"},
      {"calc --compared", "few-comparisons: the boards compared"},
      {"calc --place", "carry-over: the place carried over"},
      {"calc --winners", "carry-over: the winner of each match, MATCH:TEAM"},
      {"calc --adjusted",
       "forfeit: the adjusted score (\"the highest of\") at an adjustment "
       "point, not the interim one"},
      {"calc --non-offender",
       "forfeit: the non-offender's other matches, OWN:OPP (or bye:OWN)"},
      {"calc --offender", "forfeit: the offender's other matches, OWN:OPP"},
      {"calc --top", "artificial: the top on the board (matchpoints)"},
      {"calc --session",
       "artificial: the side's session percentage or average IMPs a board, "
       "where the rule may raise average plus to it"},
  };
  return *kDescriptions;
}

}  // namespace

std::string OptionDescription(const std::string& command,
                              const std::string& option) {
  const auto& d = Descriptions();
  if (auto it = d.find(command + " --" + option); it != d.end()) {
    return it->second;
  }
  if (auto it = d.find("--" + option); it != d.end()) return it->second;
  return "";
}

}  // namespace tally::cli
