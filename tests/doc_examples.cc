#include "tests/doc_examples.h"

#include <cctype>
#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace tally::testing {
namespace {

constexpr absl::string_view kFence = "```";
constexpr absl::string_view kExampleFence = "```console";
constexpr absl::string_view kPrompt = "$ ";
constexpr absl::string_view kAnyLines = "...";

absl::string_view StripTrailing(absl::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' ||
                        s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

// One piece of an expected line: literal text, or a placeholder.
struct Piece {
  std::string text;  // the literal, or the placeholder's name
  bool placeholder = false;
};

bool IsPlaceholderName(absl::string_view name) {
  if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) {
    return false;
  }
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

bool IsVariable(absl::string_view name) {
  return std::isupper(static_cast<unsigned char>(name[0]));
}

// The pieces of `line`; a "{{...}}" that is not a placeholder name stays
// literal.
std::vector<Piece> Pieces(absl::string_view line) {
  std::vector<Piece> pieces;
  std::string literal;
  size_t i = 0;
  while (i < line.size()) {
    if (line.substr(i, 2) == "{{") {
      const size_t close = line.find("}}", i + 2);
      if (close != absl::string_view::npos &&
          IsPlaceholderName(line.substr(i + 2, close - i - 2))) {
        if (!literal.empty()) pieces.push_back({std::move(literal), false});
        literal.clear();
        pieces.push_back({std::string(line.substr(i + 2, close - i - 2)), true});
        i = close + 2;
        continue;
      }
    }
    literal.push_back(line[i++]);
  }
  if (!literal.empty()) pieces.push_back({std::move(literal), false});
  return pieces;
}

// Whether `pieces[p..]` matches `text[t..]` exactly; binds new variables.
bool MatchPieces(const std::vector<Piece>& pieces, size_t p,
                 absl::string_view text, size_t t, DocVariables& vars) {
  if (p == pieces.size()) return t == text.size();
  const Piece& piece = pieces[p];
  if (!piece.placeholder) {
    if (text.substr(t, piece.text.size()) != piece.text) return false;
    return MatchPieces(pieces, p + 1, text, t + piece.text.size(), vars);
  }
  if (IsVariable(piece.text)) {
    auto bound = vars.find(piece.text);
    if (bound != vars.end()) {
      if (text.substr(t, bound->second.size()) != bound->second) return false;
      return MatchPieces(pieces, p + 1, text, t + bound->second.size(), vars);
    }
  }
  for (size_t end = t + 1; end <= text.size(); ++end) {
    DocVariables tried = vars;
    if (IsVariable(piece.text)) {
      tried[piece.text] = std::string(text.substr(t, end - t));
    }
    if (MatchPieces(pieces, p + 1, text, end, tried)) {
      vars = std::move(tried);
      return true;
    }
  }
  return false;
}

bool MatchLines(const std::vector<std::string>& expected, size_t e,
                const std::vector<absl::string_view>& actual, size_t a,
                DocVariables& vars) {
  if (e == expected.size()) return a == actual.size();
  if (StripTrailing(expected[e]) == kAnyLines) {
    for (size_t skip = a; skip <= actual.size(); ++skip) {
      DocVariables tried = vars;
      if (MatchLines(expected, e + 1, actual, skip, tried)) {
        vars = std::move(tried);
        return true;
      }
    }
    return false;
  }
  if (a == actual.size()) return false;
  DocVariables tried = vars;
  if (!MatchPieces(Pieces(StripTrailing(expected[e])), 0, actual[a], 0,
                   tried)) {
    return false;
  }
  if (!MatchLines(expected, e + 1, actual, a + 1, tried)) return false;
  vars = std::move(tried);
  return true;
}

// The lines of `text` without trailing spaces and trailing empty lines.
std::vector<absl::string_view> Lines(absl::string_view text) {
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  for (absl::string_view& line : lines) line = StripTrailing(line);
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

}  // namespace

std::vector<DocExample> ParseDocExamples(absl::string_view markdown) {
  std::vector<DocExample> examples;
  bool in_example = false;
  bool in_other_block = false;
  std::optional<DocExample> current;
  int number = 0;
  for (absl::string_view raw : absl::StrSplit(markdown, '\n')) {
    ++number;
    const absl::string_view line = StripTrailing(raw);
    if (in_other_block) {
      if (absl::StartsWith(line, kFence)) in_other_block = false;
      continue;
    }
    if (!in_example) {
      if (line == kExampleFence) {
        in_example = true;
      } else if (absl::StartsWith(line, kFence)) {
        in_other_block = true;
      }
      continue;
    }
    if (line == kFence) {
      if (current) examples.push_back(*std::move(current));
      current.reset();
      in_example = false;
      continue;
    }
    if (absl::StartsWith(line, kPrompt)) {
      if (current) examples.push_back(*std::move(current));
      current = DocExample{number, std::string(line.substr(kPrompt.size())),
                           {}};
      continue;
    }
    if (current) current->expected.emplace_back(line);
  }
  while (current && !current->expected.empty() &&
         current->expected.back().empty()) {
    current->expected.pop_back();
  }
  if (current) examples.push_back(*std::move(current));  // unclosed block
  for (DocExample& example : examples) {
    while (!example.expected.empty() && example.expected.back().empty()) {
      example.expected.pop_back();
    }
  }
  return examples;
}

absl::StatusOr<std::string> SubstituteDocVariables(const std::string& command,
                                                   const DocVariables& vars) {
  std::string out;
  for (const Piece& piece : Pieces(command)) {
    if (!piece.placeholder) {
      out += piece.text;
      continue;
    }
    auto bound = vars.find(piece.text);
    if (!IsVariable(piece.text) || bound == vars.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("{{", piece.text,
                       "}} in a command has no value: an upper-case "
                       "placeholder must first stand in an earlier output"));
    }
    out += bound->second;
  }
  return out;
}

bool MatchesDocOutput(const std::vector<std::string>& expected,
                      absl::string_view actual, DocVariables& vars) {
  return MatchLines(expected, 0, Lines(actual), 0, vars);
}

}  // namespace tally::testing
