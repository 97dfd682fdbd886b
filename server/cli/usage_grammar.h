// The options and numbered arguments a `tally` command takes, read from its
// usage line in the command table (the one place they are written): every
// `--name` is a flag, every `--name=VALUE` an option whose VALUE says its
// type (N, SEQUENCE, SEQ, EVENT: a whole number; a|b|c in lower case: one
// of those words; anything else: text), and the leading upper-case words
// (TOURNAMENT COMPETITION SESSION ...) are the positional arguments, of
// which SESSION, TABLE, BOARD, ROUND, PAIR and SEQUENCE are whole numbers.
// Pure functions; thread-safe.

#ifndef TALLY_SERVER_CLI_USAGE_GRAMMAR_H_
#define TALLY_SERVER_CLI_USAGE_GRAMMAR_H_

#include <optional>
#include <string>
#include <vector>

namespace tally::cli {

struct OptionSpec {
  enum class Kind { kFlag, kNumber, kChoice, kText };
  std::string name;  // without the leading "--"
  Kind kind = Kind::kText;
  std::string value_name;  // "N", "TEXT", "open|closed"; "" for a flag
  std::vector<std::string> choices;  // for kChoice
  bool value_optional = false;       // a flag elsewhere in the same usage

  // One line of help: what the option takes.
  std::string Help() const;
};

// Every option named in `usage`, in order of first appearance. A name
// written twice with different values is loosened to take either (text
// wins over a number, a value over a flag, choices are merged). Lines that
// show an example (starting "e.g. " or "tally ") are skipped.
std::vector<OptionSpec> OptionsFromUsage(const std::string& usage);

struct PositionalSpec {
  std::string name;  // "SESSION"
  bool number = false;
};

// The leading positional words of `usage`, up to the first word that is
// not plain upper case ("[", "(", "...", an option or a lower-case word).
std::vector<PositionalSpec> PositionalsFromUsage(const std::string& usage);

// A whole number (optional sign, digits only, fits in 64 bits).
bool IsWholeNumber(const std::string& text);

// The candidate closest to `word` by edit distance, if it is close enough
// to be a likely typo (at most a third of its length, at least 1).
std::optional<std::string> ClosestName(const std::string& word,
                                       const std::vector<std::string>& names);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_USAGE_GRAMMAR_H_
