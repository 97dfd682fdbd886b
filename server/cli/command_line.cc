#include "server/cli/command_line.h"

#include <deque>
#include <iostream>
#include <optional>

#include "CLI/CLI.hpp"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "server/cli/bws_commands.h"
#include "server/cli/checkpoint_commands.h"
#include "server/cli/credentials.h"
#include "server/cli/usage_grammar.h"
#include "server/version.h"

namespace tally::cli {
namespace {

constexpr char kGlobalOptionsHelp[] =
    "options every command takes:\n"
    "  --server=HOST:PORT      the server (default $TALLY_SERVER or "
    "127.0.0.1:50051)\n"
    "  --json                  print the answer as JSON\n"
    "  --token=TOKEN           your credential (default $TALLY_TOKEN, then\n"
    "                          --token-file=F, ~/.config/tally/token,\n"
    "                          ./tally-data/admin.token)\n"
    "  --ca=FILE               verify the server's TLS certificate with this\n"
    "                          CA (default $TALLY_CA; none: no TLS)\n"
    "  --cert=F --cert-key=F   a client certificate, for a server that\n"
    "                          requires one\n"
    "  --key=KEY               idempotency key: re-running with the same key\n"
    "                          never applies a command twice\n"
    "  --expected-version=N    refuse unless the tournament is at version N\n"
    "  -h, --help              this help\n";

// The global options, as the parser fills them.
struct GlobalOptions {
  bool help = false;
  bool version = false;
  bool json = false;
  std::string server, key, expected_version;
  std::string token, token_file, ca, cert, cert_key;
};

// One declared option of a command, as the parser fills it.
struct OptionSlot {
  OptionSpec spec;
  std::string value;
  bool flag = false;
  CLI::Option* option = nullptr;
};

CLI::Validator WholeNumber() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return IsWholeNumber(text) ? ""
                                   : "'" + text + "' is not a whole number";
      },
      "N");
}

CLI::Validator OneOf(std::vector<std::string> choices) {
  return CLI::Validator(
      [choices](std::string& text) -> std::string {
        for (const std::string& c : choices) {
          if (absl::EqualsIgnoreCase(c, text)) return "";
        }
        return "'" + text + "' is not one of " + absl::StrJoin(choices, ", ");
      },
      absl::StrJoin(choices, "|"));
}

void DeclareOption(CLI::App& app, OptionSlot& slot) {
  const std::string flag_name = "--" + slot.spec.name;
  switch (slot.spec.kind) {
    case OptionSpec::Kind::kFlag:
      slot.option = app.add_flag(flag_name, slot.flag);
      return;
    case OptionSpec::Kind::kNumber:
      slot.option = app.add_option(flag_name, slot.value)->check(WholeNumber());
      break;
    case OptionSpec::Kind::kChoice:
      slot.option = app.add_option(flag_name, slot.value)
                        ->check(OneOf(slot.spec.choices));
      break;
    case OptionSpec::Kind::kText:
      slot.option = app.add_option(flag_name, slot.value);
      break;
  }
  if (slot.spec.value_optional) slot.option->expected(0, 1);
}

void DeclareGlobals(CLI::App& app, GlobalOptions& g) {
  app.add_flag("--json", g.json);
  app.add_option("--server", g.server);
  app.add_option("--token", g.token);
  app.add_option("--token-file", g.token_file);
  app.add_option("--ca", g.ca);
  app.add_option("--cert", g.cert);
  app.add_option("--cert-key", g.cert_key);
  app.add_option("--key", g.key);
  app.add_option("--expected-version", g.expected_version)
      ->check(WholeNumber());
}

const std::vector<std::string>& GlobalNames() {
  static const auto* const kNames = new std::vector<std::string>{
      "json",     "server",           "token", "token-file", "ca",
      "cert",     "cert-key",         "key",   "expected-version",
      "help",     "version"};
  return *kNames;
}

bool IsGlobal(const std::string& name) {
  for (const std::string& g : GlobalNames()) {
    if (g == name) return true;
  }
  return false;
}

// The summary's first clause, cut at a word to fit one help line.
std::string OneLine(const std::string& summary, size_t width) {
  std::string line = summary;
  for (const char* stop : {": ", " (", "; ", "\n"}) {
    size_t at = line.find(stop);
    if (at != std::string::npos && at > 16) line = line.substr(0, at);
  }
  if (line.size() <= width) return line;
  size_t cut = line.rfind(' ', width - 3);
  return line.substr(0, cut == std::string::npos ? width - 3 : cut) + "...";
}

// Wraps `text` at spaces to lines of at most `width` characters.
std::string Wrap(const std::string& text, size_t width) {
  std::string out, line;
  for (absl::string_view word : absl::StrSplit(text, ' ', absl::SkipEmpty())) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      absl::StrAppend(&out, line, "\n");
      line.clear();
    }
    absl::StrAppend(&line, line.empty() ? "" : " ", word);
  }
  return out + line + "\n";
}

int UsageError(const std::string& who, const std::string& problem) {
  std::cerr << who << ": " << problem << " (" << who << " --help)\n";
  return kUsage;
}

// An argument the parser did not place: an unknown option or command.
int Unplaced(const std::string& who, const std::string& word,
             const std::vector<std::string>& names, const char* what) {
  std::string name = word;
  if (absl::StartsWith(name, "--")) name = name.substr(2);
  name = name.substr(0, name.find('='));
  std::string problem = absl::StrCat("unknown ", what, " '", word, "'");
  if (std::optional<std::string> near = ClosestName(name, names)) {
    absl::StrAppend(&problem, "; did you mean ",
                    absl::StartsWith(word, "-") ? "--" : "", *near, "?");
  }
  return UsageError(who, problem);
}

const Command* Find(const std::vector<CommandGroup>& groups,
                    const std::string& name) {
  for (const CommandGroup& g : groups) {
    for (const Command& c : g.commands) {
      if (c.name == name) return &c;
    }
  }
  return nullptr;
}

std::vector<std::string> CommandNames(const std::vector<CommandGroup>& groups) {
  std::vector<std::string> names;
  for (const CommandGroup& g : groups) {
    for (const Command& c : g.commands) names.push_back(c.name);
  }
  return names;
}

// Checks the numbered positional arguments and their count.
int CheckArguments(const Command& c, const Invocation& inv) {
  const std::string who = "tally " + c.name;
  std::vector<PositionalSpec> positionals = PositionalsFromUsage(c.usage);
  for (size_t i = 0; i < positionals.size() && i < inv.args.size(); ++i) {
    if (positionals[i].number && !IsWholeNumber(inv.args[i])) {
      return UsageError(who,
                        absl::StrCat(positionals[i].name, " '", inv.args[i],
                                     "' is not a whole number"));
    }
  }
  if (inv.args.size() < c.min_args || inv.args.size() > c.max_args) {
    std::string wanted = c.min_args == c.max_args ? absl::StrCat(c.min_args)
                         : c.max_args >= 99
                             ? absl::StrCat("at least ", c.min_args)
                             : absl::StrCat(c.min_args, " to ", c.max_args);
    return UsageError(
        who,
        absl::StrCat("takes ", wanted, " argument", c.max_args == 1 ? "" : "s",
                     ", given ", inv.args.size(), ": usage: tally ", c.name,
                     " ", c.usage.substr(0, c.usage.find('\n'))));
  }
  return kOk;
}

// Which argument names the tournament: the place of TOURNAMENT among the
// leading words of `usage` ("TOURNAMENT COMPETITION ...", or after a verb:
// "lodge|submit|... TOURNAMENT ...").
std::optional<size_t> TournamentArgument(const std::string& usage) {
  size_t i = 0;
  for (absl::string_view word : absl::StrSplit(
           usage.substr(0, usage.find('\n')), ' ', absl::SkipEmpty())) {
    if (word == "TOURNAMENT") return i;
    if (absl::StartsWith(word, "[") || absl::StartsWith(word, "(") ||
        absl::StartsWith(word, "-")) {
      break;
    }
    ++i;
  }
  return std::nullopt;
}

}  // namespace

const std::vector<std::string>& GlobalOptionNames() { return GlobalNames(); }

std::vector<CommandGroup> AllCommands() {
  std::vector<CommandGroup> groups;
  auto group =
      [&](std::string title,
          std::initializer_list<void (*)(std::vector<Command>&)> adds) {
        CommandGroup g{.title = std::move(title), .commands = {}};
        for (auto add : adds) add(g.commands);
        groups.push_back(std::move(g));
      };
  group("Setting up", {AddDirectorCommands, AddMovementCommands});
  group("At the table", {AddVenueCommands, AddPairsEventCommands});
  group("Results", {AddQueryCommands, AddTimelineCommands});
  group("Events of matches",
        {AddMatchCommands, AddQualifyCommands, AddKnockoutCommands,
         AddEligibilityCommands, AddForfeitCommands});
  group("Rulings, appeals and offences",
        {AddRulingCommands, AddAppealCommands, AddOffenceCommands,
         AddDatumCommands});
  group("Audit and publishing", {AddAuditCommands, AddWhatChangedCommands,
                                 AddCheckpointCommands, AddPublishCommands});
  group("Who may do what", {AddAccessCommands});
  group("Operating the server", {AddOperatorCommands});
  group("Files in and out (USEBIO, PBN, Bridgemate)",
        {AddInterchangeCommands, AddBwsCommands});
  group("Calculator", {AddCalcCommands});
  return groups;
}

std::string CommandHelp(const Command& c) {
  std::string out =
      absl::StrCat("usage: tally ", c.name, c.usage.empty() ? "" : " ", c.usage,
                   "\n\n", Wrap(c.summary, 78));
  std::vector<PositionalSpec> positionals = PositionalsFromUsage(c.usage);
  std::vector<std::string> numbers;
  for (const PositionalSpec& p : positionals) {
    if (p.number) numbers.push_back(p.name);
  }
  if (!numbers.empty()) {
    absl::StrAppend(&out, "\n", absl::StrJoin(numbers, ", "),
                    numbers.size() == 1 ? " is a whole number.\n"
                                        : " are whole numbers.\n");
  }
  std::vector<OptionSpec> options = OptionsFromUsage(c.usage);
  bool any = false;
  for (const OptionSpec& o : options) {
    if (IsGlobal(o.name)) continue;
    if (!any) absl::StrAppend(&out, "\noptions:\n");
    any = true;
    std::string left = absl::StrCat(
        "  --", o.name,
        o.kind == OptionSpec::Kind::kFlag ? "" : "=" + o.value_name);
    std::string text = OptionDescription(c.name, o.name);
    if (text.empty()) text = "(undocumented)";
    if (o.value_optional) absl::StrAppend(&text, " (or alone, as a flag)");
    // The prose on the option's line when it fits, else on the next, both
    // wrapped under column 26.
    if (left.size() < 26) {
      left.resize(26, ' ');
    } else {
      absl::StrAppend(&left, "\n", std::string(26, ' '));
    }
    std::string wrapped = Wrap(text, 78 - 26);
    absl::StrReplaceAll({{"\n", "\n" + std::string(26, ' ')}}, &wrapped);
    wrapped.resize(wrapped.size() - 26);  // the last line's indent
    absl::StrAppend(&out, left, wrapped);
  }
  if (std::string example = CommandExample(c.name); !example.empty()) {
    absl::StrAppend(&out, "\nexample:\n  ", example, "\n");
  }
  absl::StrAppend(&out, "\n", kGlobalOptionsHelp);
  return out;
}

std::string GlobalHelp(const std::vector<CommandGroup>& groups) {
  std::string out =
      "tally: the command-line client for a tallyd tournament server.\n\n"
      "usage: tally COMMAND ARGS... [OPTIONS]\n"
      "       tally help COMMAND    (or tally COMMAND --help) for one "
      "command\n";
  size_t width = 0;
  for (const CommandGroup& g : groups) {
    for (const Command& c : g.commands) width = std::max(width, c.name.size());
  }
  for (const CommandGroup& g : groups) {
    absl::StrAppend(&out, "\n", g.title, ":\n");
    for (const Command& c : g.commands) {
      std::string name = c.name;
      name.resize(width, ' ');
      absl::StrAppend(&out, "  ", name, "  ",
                      OneLine(c.summary, 78 - width - 4), "\n");
    }
  }
  absl::StrAppend(&out, "\n", kGlobalOptionsHelp,
                  "  --version               the version of tally\n");
  return out;
}

int RunCommandLine(const std::vector<CommandGroup>& groups, int argc,
                   char** argv) {
  CLI::App app{"tally", "tally"};
  app.set_help_flag();
  app.allow_extras();
  app.fallthrough();
  // One command per line: a later word that names a command is an argument.
  app.require_subcommand(0, 1);
  GlobalOptions global;
  app.add_flag("-h,--help", global.help);
  app.add_flag("--version", global.version);
  DeclareGlobals(app, global);

  CLI::App* help = app.add_subcommand("help", "help on one command");
  std::vector<std::string> help_topics;
  help->add_option("topic", help_topics);

  struct CommandLine {
    const Command* command;
    CLI::App* app;
    std::deque<OptionSlot> slots;
    std::vector<std::string> args;
    bool help = false;
  };
  std::deque<CommandLine> lines;
  for (const CommandGroup& g : groups) {
    for (const Command& c : g.commands) {
      CommandLine& line = lines.emplace_back();
      line.command = &c;
      line.app = app.add_subcommand(c.name, c.summary);
      line.app->set_help_flag();
      line.app->allow_extras();
      line.app->fallthrough();
      line.app->add_flag("-h,--help", line.help);
      for (const OptionSpec& spec : OptionsFromUsage(c.usage)) {
        if (IsGlobal(spec.name)) continue;
        OptionSlot& slot = line.slots.emplace_back();
        slot.spec = spec;
        DeclareOption(*line.app, slot);
      }
      line.app->add_option("arguments", line.args);
    }
  }

  // CLI11 reports a malformed value by throwing; this is the one place tally
  // meets an exception, and it becomes an exit status here.
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    std::string who = "tally";
    for (const CommandLine& line : lines) {
      if (line.app->parsed()) who = "tally " + line.command->name;
    }
    return UsageError(who, e.what());
  }

  if (global.version) {
    std::cout << "tally " << server::Version() << "\n";
    return kOk;
  }
  if (help->parsed()) {
    if (help_topics.empty()) {
      std::cout << GlobalHelp(groups);
      return kOk;
    }
    const Command* c = Find(groups, help_topics[0]);
    if (c == nullptr) {
      return Unplaced("tally help", help_topics[0], CommandNames(groups),
                      "command");
    }
    std::cout << CommandHelp(*c);
    return kOk;
  }
  for (CommandLine& line : lines) {
    if (!line.app->parsed()) continue;
    const std::string who = "tally " + line.command->name;
    if (line.help || global.help) {
      std::cout << CommandHelp(*line.command);
      return kOk;
    }
    std::vector<std::string> names;
    for (const OptionSlot& s : line.slots) names.push_back(s.spec.name);
    for (const std::string& g : GlobalNames()) names.push_back(g);
    for (const std::string& extra : app.remaining(true)) {
      return Unplaced(who, extra, names, "option");
    }
    Invocation inv;
    inv.args = line.args;
    for (const OptionSlot& s : line.slots) {
      if (s.spec.kind == OptionSpec::Kind::kFlag ? s.flag
                                                 : s.option->count() > 0) {
        inv.options[s.spec.name] = s.value;
      }
    }
    if (global.json) inv.options["json"] = "";
    auto global_value = [&](const char* name, const std::string& value) {
      if (app.get_option(std::string("--") + name)->count() > 0) {
        inv.options[name] = value;
      }
    };
    global_value("server", global.server);
    global_value("token", global.token);
    global_value("token-file", global.token_file);
    global_value("ca", global.ca);
    global_value("cert", global.cert);
    global_value("cert-key", global.cert_key);
    global_value("key", global.key);
    global_value("expected-version", global.expected_version);
    if (int status = CheckArguments(*line.command, inv); status != kOk) {
      return status;
    }
    absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> credentials =
        ChannelCredentials(inv);
    if (!credentials.ok()) {
      std::cerr << "tally: " << credentials.status().message() << "\n";
      return kUsage;
    }
    Client client(inv, *credentials, FindToken(inv).token);
    // Whose time zone the command's times are shown and read in.
    client.tournament_ = inv.Get("tournament");
    if (std::optional<size_t> at = TournamentArgument(line.command->usage);
        at.has_value() && *at < inv.args.size()) {
      client.tournament_ = inv.args[*at];
    }
    return line.command->run(client, inv);
  }
  if (!app.remaining(true).empty()) {
    const std::string word = app.remaining(true).front();
    if (absl::StartsWith(word, "-")) {
      return Unplaced("tally", word, GlobalNames(), "option");
    }
    return Unplaced("tally", word, CommandNames(groups), "command");
  }
  if (global.help) {
    std::cout << GlobalHelp(groups);
    return kOk;
  }
  std::cerr << GlobalHelp(groups);
  return kUsage;
}

}  // namespace tally::cli
