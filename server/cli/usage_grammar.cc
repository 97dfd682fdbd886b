#include "server/cli/usage_grammar.h"

#include <algorithm>
#include <cstdint>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace tally::cli {
namespace {

bool IsNameChar(char c) {
  return absl::ascii_islower(c) || absl::ascii_isdigit(c) || c == '-';
}

// "open|closed|share1": lower-case words joined by '|'.
bool IsChoiceList(const std::string& value) {
  if (value.find('|') == std::string::npos) return false;
  for (char c : value) {
    if (!absl::ascii_islower(c) && !absl::ascii_isdigit(c) && c != '|' &&
        c != '-' && c != '_' && c != '+') {
      return false;
    }
  }
  return true;
}

OptionSpec MakeSpec(const std::string& name, const std::string& value) {
  OptionSpec spec;
  spec.name = name;
  spec.value_name = value;
  if (value.empty()) {
    spec.kind = OptionSpec::Kind::kFlag;
  } else if (value == "N" || value == "SEQUENCE" || value == "SEQ" ||
             value == "EVENT") {
    spec.kind = OptionSpec::Kind::kNumber;
  } else if (IsChoiceList(value)) {
    spec.kind = OptionSpec::Kind::kChoice;
    spec.choices = absl::StrSplit(value, '|', absl::SkipEmpty());
  }
  return spec;
}

// Folds a second mention of the same option into the first.
void Merge(OptionSpec& spec, const OptionSpec& again) {
  using Kind = OptionSpec::Kind;
  if (spec.kind == again.kind && spec.value_name == again.value_name) return;
  if (again.kind == Kind::kFlag || spec.kind == Kind::kFlag) {
    spec.value_optional = true;
    if (spec.kind == Kind::kFlag) {
      bool optional = spec.value_optional;
      spec = again;
      spec.value_optional = optional;
    }
    return;
  }
  if (spec.kind == Kind::kChoice && again.kind == Kind::kChoice) {
    for (const std::string& c : again.choices) {
      if (std::find(spec.choices.begin(), spec.choices.end(), c) ==
          spec.choices.end()) {
        spec.choices.push_back(c);
      }
    }
    spec.value_name = absl::StrJoin(spec.choices, "|");
    return;
  }
  spec.kind = Kind::kText;
  spec.choices.clear();
  const std::vector<std::string> names =
      absl::StrSplit(spec.value_name, " or ");
  if (std::find(names.begin(), names.end(), again.value_name) == names.end()) {
    spec.value_name = absl::StrCat(spec.value_name, " or ", again.value_name);
  }
}

// Whether the line of `usage` starting at `at` shows an example ("e.g.
// tally calc vp ..." or "tally calc datum --list"): its values are not
// the grammar's.
bool IsExampleLine(const std::string& usage, size_t at) {
  absl::string_view line(usage);
  line.remove_prefix(at);
  line = absl::StripLeadingAsciiWhitespace(line);
  return absl::StartsWith(line, "e.g. ") || absl::StartsWith(line, "tally ");
}

}  // namespace

std::string OptionSpec::Help() const {
  std::string help;
  switch (kind) {
    case Kind::kFlag:
      help = "a flag (also --" + name + "=true|false)";
      break;
    case Kind::kNumber:
      help = "a whole number";
      break;
    case Kind::kChoice:
      help = "one of " + absl::StrJoin(choices, ", ");
      break;
    case Kind::kText:
      help = "text";
      break;
  }
  if (value_optional) help += "; or alone, as a flag";
  return help;
}

std::vector<OptionSpec> OptionsFromUsage(const std::string& usage) {
  std::vector<OptionSpec> specs;
  for (size_t i = 0; i + 2 < usage.size(); ++i) {
    if ((i == 0 || usage[i - 1] == '\n') && IsExampleLine(usage, i)) {
      i = usage.find('\n', i);
      if (i == std::string::npos) break;
      continue;
    }
    if (usage[i] != '-' || usage[i + 1] != '-' ||
        !absl::ascii_islower(usage[i + 2])) {
      continue;
    }
    if (i > 0 && usage[i - 1] != ' ' && usage[i - 1] != '[' &&
        usage[i - 1] != '(' && usage[i - 1] != '|' && usage[i - 1] != '\n') {
      continue;
    }
    size_t end = i + 2;
    while (end < usage.size() && IsNameChar(usage[end])) ++end;
    std::string name = usage.substr(i + 2, end - i - 2);
    while (!name.empty() && name.back() == '-') name.pop_back();
    std::string value;
    if (end < usage.size() && usage[end] == '=') {
      size_t start = end + 1;
      if (start < usage.size() &&
          (usage[start] == '"' || usage[start] == '\'')) {
        size_t close = usage.find(usage[start], start + 1);
        end = close == std::string::npos ? usage.size() : close + 1;
      } else {
        end = start;
        while (end < usage.size() && usage[end] != ' ' && usage[end] != ']' &&
               usage[end] != ')' && usage[end] != '\n') {
          ++end;
        }
      }
      value = usage.substr(start, end - start);
      while (!value.empty() && (value.back() == ':' || value.back() == ',' ||
                                value.back() == ';' || value.back() == '.')) {
        value.pop_back();
      }
    }
    i = end > i ? end - 1 : i;
    OptionSpec spec = MakeSpec(name, value);
    auto same =
        std::find_if(specs.begin(), specs.end(),
                     [&](const OptionSpec& s) { return s.name == name; });
    if (same == specs.end()) {
      specs.push_back(std::move(spec));
    } else {
      Merge(*same, spec);
    }
  }
  return specs;
}

std::vector<PositionalSpec> PositionalsFromUsage(const std::string& usage) {
  static const char* const kNumbers[] = {"SESSION", "TABLE", "BOARD",
                                         "ROUND",   "PAIR",  "SEQUENCE"};
  std::vector<PositionalSpec> out;
  for (absl::string_view word :
       absl::StrSplit(usage, absl::ByAnyChar(" \n"), absl::SkipEmpty())) {
    bool plain = !word.empty();
    for (char c : word) {
      if (!absl::ascii_isupper(c) && !absl::ascii_isdigit(c) && c != '_') {
        plain = false;
      }
    }
    if (!plain) break;
    PositionalSpec spec;
    spec.name = std::string(word);
    spec.number = std::find(std::begin(kNumbers), std::end(kNumbers),
                            spec.name) != std::end(kNumbers);
    out.push_back(std::move(spec));
  }
  return out;
}

bool IsWholeNumber(const std::string& text) {
  int64_t value = 0;
  return !text.empty() && text.find_first_of(" \t+") == std::string::npos &&
         absl::SimpleAtoi(text, &value);
}

std::optional<std::string> ClosestName(const std::string& word,
                                       const std::vector<std::string>& names) {
  std::optional<std::string> best;
  size_t best_distance = std::max<size_t>(1, word.size() / 3) + 1;
  for (const std::string& name : names) {
    // Levenshtein distance, one row at a time.
    std::vector<size_t> row(name.size() + 1);
    for (size_t j = 0; j <= name.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= word.size(); ++i) {
      size_t diagonal = row[0];
      row[0] = i;
      for (size_t j = 1; j <= name.size(); ++j) {
        size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                           diagonal + (word[i - 1] == name[j - 1] ? 0 : 1)});
        diagonal = up;
      }
    }
    if (row[name.size()] < best_distance) {
      best_distance = row[name.size()];
      best = name;
    }
  }
  return best;
}

}  // namespace tally::cli
