#include "server/cli/bash_completion.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "server/cli/usage_grammar.h"

namespace tally::cli {
namespace {

// "--name" for a flag, "--name=" for an option that takes a value.
std::string Word(const OptionSpec& o) {
  return absl::StrCat("--", o.name,
                      o.kind == OptionSpec::Kind::kFlag ? "" : "=");
}

}  // namespace

std::string BashCompletion(const std::vector<CommandGroup>& groups,
                           const std::vector<std::string>& global_options) {
  std::vector<std::string> commands = {"help"};
  std::string option_cases;
  std::string choice_cases;
  for (const CommandGroup& g : groups) {
    for (const Command& c : g.commands) {
      commands.push_back(c.name);
      std::vector<std::string> words;
      for (const OptionSpec& o : OptionsFromUsage(c.usage)) {
        words.push_back(Word(o));
        if (o.kind == OptionSpec::Kind::kChoice) {
          absl::StrAppend(&choice_cases, "    ", c.name, ":--", o.name,
                          ") words='", absl::StrJoin(o.choices, " "), "' ;;\n");
        }
      }
      absl::StrAppend(&option_cases, "    ", c.name, ") opts='",
                      absl::StrJoin(words, " "), "' ;;\n");
    }
  }
  std::vector<std::string> globals;
  for (const std::string& g : global_options) {
    globals.push_back(absl::StrCat(
        "--", g, g == "json" || g == "help" || g == "version" ? "" : "="));
  }
  return absl::StrCat(
      "# bash completion for tally, made by `tally completion bash` from its\n"
      "# command table. Load it with\n"
      "#   source <(tally completion bash)\n"
      "# or save it as /usr/share/bash-completion/completions/tally.\n"
      "_tally() {\n"
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\"\n"
      "  local prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
      "  local cmd='' i\n"
      "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      "    case \"${COMP_WORDS[i]}\" in\n"
      "      -*|=) ;;\n"
      "      *) if [[ \"${COMP_WORDS[i-1]}\" != '=' ]]; then\n"
      "           cmd=\"${COMP_WORDS[i]}\"; break\n"
      "         fi ;;\n"
      "    esac\n"
      "  done\n"
      "  local globals='",
      absl::StrJoin(globals, " "),
      "'\n"
      "  local commands='",
      absl::StrJoin(commands, " "),
      "'\n"
      "  # --name=VALUE: bash splits it at '=' (COMP_WORDBREAKS).\n"
      "  local option=''\n"
      "  if [[ \"$cur\" == '=' ]]; then option=\"$prev\"; cur='';\n"
      "  elif [[ \"$prev\" == '=' ]]; then "
      "option=\"${COMP_WORDS[COMP_CWORD-2]}\"; fi\n"
      "  if [[ -n \"$option\" ]]; then\n"
      "    local words=''\n"
      "    case \"$cmd:$option\" in\n",
      choice_cases,
      "    esac\n"
      "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
      "    return 0\n"
      "  fi\n"
      "  if [[ -z \"$cmd\" || \"$cmd\" == help ]]; then\n"
      "    if [[ \"$cur\" == -* ]]; then\n"
      "      COMPREPLY=($(compgen -W \"$globals\" -- \"$cur\"))\n"
      "    else\n"
      "      COMPREPLY=($(compgen -W \"$commands\" -- \"$cur\"))\n"
      "    fi\n"
      "  elif [[ \"$cur\" == -* ]]; then\n"
      "    local opts=''\n"
      "    case \"$cmd\" in\n",
      option_cases,
      "    esac\n"
      "    COMPREPLY=($(compgen -W \"$opts $globals\" -- \"$cur\"))\n"
      "  fi\n"
      "  # An option that takes a value completes without a space after '='.\n"
      "  if [[ ${#COMPREPLY[@]} -eq 1 && \"${COMPREPLY[0]}\" == *= ]]; then\n"
      "    compopt -o nospace 2>/dev/null\n"
      "  fi\n"
      "  return 0\n"
      "}\n"
      "complete -F _tally tally\n");
}

}  // namespace tally::cli
