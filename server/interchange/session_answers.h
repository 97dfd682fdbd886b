// A session as tally's query answers give it (the competition, the
// standings and every traveller; a session in sections numbered as each
// section numbers its pairs) turned into a SessionFile for a writer,
// and the check of a file's published figures against tally's. Pure.
// Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_SESSION_ANSWERS_H_
#define TALLY_SERVER_INTERCHANGE_SESSION_ANSWERS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "server/interchange/session_file.h"
#include "tally/v1/query.pb.h"

namespace tally::interchange {

// The session's SessionFile: pairs in the standings' order with their
// place ("3=" for a shared rank), matchpoints (net IMPs in a Butler or
// cross-IMP session) and published percentage; boards in number order with
// each traveller line and its matchpoints or IMPs, and a Butler board's
// datum. FAILED_PRECONDITION for a session scored otherwise, or ranked on
// VPs (a pairs file carries no VPs). `movement` (the session's, as
// defined; may be null): in a one-field session with an arrow switch whose
// pairs each keep one home direction, each pair's DIRECTION is its home
// direction, so a file with an arrow switch round-trips.
absl::StatusOr<SessionFile> SessionFileFromAnswers(
    const v1::Competition& competition, const std::string& event_name,
    const v1::Standings& standings,
    const std::vector<v1::Traveller>& travellers,
    const v1::Movement* movement = nullptr);

// Every published figure of `file` that tally's `answers` do not give, one
// line each ("NAME line N: pair 3: ..."): the place, the percentage (tally's
// exact percentage rounded to the places the file prints), the total and
// each traveller line's matchpoints; in an IMP-scored file each board's
// datum and each line's IMPs (tally's exact figure rounded to the places
// the file prints). A file on the 1-per-beat scale (a top
// of n-1) is compared at half tally's 2-per-beat figures. Empty: all agree.
std::vector<std::string> CheckPublished(const SessionFile& file,
                                        const SessionFile& answers,
                                        const std::string& file_name);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_SESSION_ANSWERS_H_
