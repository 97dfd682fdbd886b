#include "server/request_validator.h"

#include <cstdlib>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"
#include "google/protobuf/descriptor.h"

namespace tally::server {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

enum class Mode { kRequest, kStored };

// String fields that hold free text (a ruling's words, an appeal's grounds):
// longer, and may hold line breaks and tabs.
bool IsFreeText(const std::string& name) {
  static const auto* const kFreeText =
      new absl::flat_hash_set<std::string>{"reason",
                                           "text",
                                           "grounds",
                                           "directors_ruling",
                                           "submission",
                                           "reply",
                                           "decision",
                                           "dissenting",
                                           "auction",
                                           "additional_details",
                                           "directors_comments"};
  return kFreeText->contains(name);
}

bool IsId(const std::string& name) {
  return name == "id" || name == "idempotency_key" ||
         absl::EndsWith(name, "_id");
}

// Integer fields whose value may be negative: scores, IMPs, differences
// (everything else counts or numbers something and is >= 0).
bool IsSigned(const std::string& name) {
  static const auto* const kSigned =
      new absl::flat_hash_set<std::string>{"ns_score",
                                           "score",
                                           "datum",
                                           "imps",
                                           "ns_imps",
                                           "ew_imps",
                                           "north_south_score",
                                           "other_ns_scores",
                                           "ns_scores",
                                           "imp_margin",
                                           "reference_ns_score",
                                           "declarer_score",
                                           "net",
                                           "points_difference",
                                           "adjustment",
                                           "match_imps",
                                           "teams_imps",
                                           "pairs_imps",
                                           "blitz_margin",
                                           "numerator",
                                           "units"};
  return kSigned->contains(name);
}

std::string Join(const std::string& path, const FieldDescriptor* f) {
  return path.empty() ? f->name() : absl::StrCat(path, ".", f->name());
}

std::string At(const std::string& path, int index) {
  return index < 0 ? path : absl::StrCat(path, "[", index, "]");
}

absl::Status Bad(const std::string& path, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("field '", path, "': ", what));
}

// Seconds of 2000-01-01T00:00:00Z and of 2101-01-01T00:00:00Z.
int64_t YearStart(int year) {
  return absl::ToUnixSeconds(
      absl::FromCivil(absl::CivilYear(year), absl::UTCTimeZone()));
}

absl::Status CheckString(const std::string& path, const std::string& name,
                         const std::string& value) {
  const bool id = IsId(name);
  const bool text = IsFreeText(name);
  const size_t limit = id ? kMaxIdBytes : text ? kMaxTextBytes : kMaxNameBytes;
  const char* kind = id ? "an id" : text ? "a text" : "a name";
  if (value.size() > limit) {
    return Bad(path,
               absl::StrCat(kind, " is at most ", limit, " bytes; ",
                            QuoteForMessage(value), " is ", value.size()));
  }
  for (unsigned char c : value) {
    const bool control = c < 0x20 || c == 0x7f;
    if (control && !(text && (c == '\n' || c == '\t'))) {
      return Bad(path, absl::StrCat(kind, " holds no control characters (",
                                    absl::StrFormat("0x%02x", c), " in ",
                                    QuoteForMessage(value), ")"));
    }
  }
  if (name == "day" && !value.empty()) {
    absl::CivilDay day;
    if (value.size() != 10 || !absl::ParseCivilTime(value, &day) ||
        day.year() < kMinYear || day.year() > kMaxYear) {
      return Bad(path,
                 absl::StrCat("a day is YYYY-MM-DD in ", kMinYear, "..",
                              kMaxYear, ", not ", QuoteForMessage(value)));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckInteger(const std::string& path, const std::string& name,
                          int64_t value) {
  if (value < 0 && !IsSigned(name)) {
    return Bad(path,
               absl::StrCat("is a count or a number, at least 0; not ", value));
  }
  if (value > kMaxInteger || value < -kMaxInteger) {
    return Bad(path, absl::StrCat("is at most ", kMaxInteger, " in size; not ",
                                  value));
  }
  return absl::OkStatus();
}

absl::Status Walk(const Message& m, const std::string& path, Mode mode);

// Messages with a meaning of their own: Timestamp, Fraction, DecimalValue.
// nullopt-like: returns true in `handled` when `m` was one of them.
absl::Status CheckSpecial(const Message& m, const std::string& path,
                          bool* handled) {
  const Descriptor* d = m.GetDescriptor();
  const Reflection* r = m.GetReflection();
  *handled = true;
  if (d->full_name() == "google.protobuf.Timestamp") {
    const int64_t seconds = r->GetInt64(m, d->FindFieldByName("seconds"));
    const int32_t nanos = r->GetInt32(m, d->FindFieldByName("nanos"));
    if (seconds < YearStart(kMinYear) || seconds >= YearStart(kMaxYear + 1) ||
        nanos < 0 || nanos > 999999999) {
      return Bad(path, absl::StrCat("a time is in the years ", kMinYear, "..",
                                    kMaxYear, "; not ", seconds, "s ", nanos,
                                    "ns after 1970"));
    }
    return absl::OkStatus();
  }
  if (d->full_name() == "tally.v1.Fraction") {
    const int64_t num = r->GetInt64(m, d->FindFieldByName("numerator"));
    const int64_t den = r->GetInt64(m, d->FindFieldByName("denominator"));
    if (den < 1 || den > kMaxDenominator) {
      return Bad(path, absl::StrCat("a fraction's denominator is 1..",
                                    kMaxDenominator, "; not ", den));
    }
    // |num / den| <= kMaxFractionValue, in 128 bits.
    const __int128 limit = static_cast<__int128>(kMaxFractionValue) * den;
    if (num > limit || num < -limit) {
      return Bad(path, absl::StrCat("a fraction is at most ", kMaxFractionValue,
                                    " in size; not ", num, "/", den));
    }
    return absl::OkStatus();
  }
  if (d->full_name() == "tally.v1.DecimalValue") {
    const int64_t units = r->GetInt64(m, d->FindFieldByName("units"));
    const int32_t places = r->GetInt32(m, d->FindFieldByName("places"));
    if (places < 0 || places > kMaxDecimalPlaces) {
      return Bad(path, absl::StrCat("a decimal has 0..", kMaxDecimalPlaces,
                                    " places; not ", places));
    }
    int64_t scale = 1;
    for (int i = 0; i < places; ++i) scale *= 10;
    const __int128 limit = static_cast<__int128>(kMaxFractionValue) * scale;
    if (units > limit || units < -limit) {
      return Bad(path, absl::StrCat("a decimal is at most ", kMaxFractionValue,
                                    " in size; not ", units, " at ", places,
                                    " places"));
    }
    return absl::OkStatus();
  }
  *handled = false;
  return absl::OkStatus();
}

absl::Status CheckField(const Message& m, const FieldDescriptor* f,
                        const std::string& path, int index, Mode mode) {
  const Reflection* r = m.GetReflection();
  const bool repeated = f->is_repeated();
  const std::string where = At(path, index);
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_ENUM: {
      const int value = repeated ? r->GetRepeatedEnumValue(m, f, index)
                                 : r->GetEnumValue(m, f);
      if (f->enum_type()->FindValueByNumber(value) == nullptr) {
        return Bad(where, absl::StrCat(value, " is not a value of ",
                                       f->enum_type()->full_name()));
      }
      return absl::OkStatus();
    }
    case FieldDescriptor::CPPTYPE_STRING: {
      if (mode == Mode::kStored) return absl::OkStatus();
      if (f->type() == FieldDescriptor::TYPE_BYTES) {
        std::string scratch;
        const std::string& value =
            repeated ? r->GetRepeatedStringReference(m, f, index, &scratch)
                     : r->GetStringReference(m, f, &scratch);
        if (value.size() > kMaxTextBytes) {
          return Bad(where, absl::StrCat("is at most ", kMaxTextBytes,
                                         " bytes; not ", value.size()));
        }
        return absl::OkStatus();
      }
      std::string scratch;
      const std::string& value =
          repeated ? r->GetRepeatedStringReference(m, f, index, &scratch)
                   : r->GetStringReference(m, f, &scratch);
      return CheckString(where, f->name(), value);
    }
    case FieldDescriptor::CPPTYPE_INT32:
      // Stored events hold figures the server worked out (any sign or
      // size): only a request's integers are held to the ranges.
      if (mode == Mode::kStored) return absl::OkStatus();
      return CheckInteger(
          where, f->name(),
          repeated ? r->GetRepeatedInt32(m, f, index) : r->GetInt32(m, f));
    case FieldDescriptor::CPPTYPE_INT64:
      if (mode == Mode::kStored) return absl::OkStatus();
      return CheckInteger(
          where, f->name(),
          repeated ? r->GetRepeatedInt64(m, f, index) : r->GetInt64(m, f));
    case FieldDescriptor::CPPTYPE_UINT32:
    case FieldDescriptor::CPPTYPE_UINT64:
      // Sequences, versions, seeds, limits: any value is a valid question
      // (a sequence past the head is NOT_FOUND at the handler).
      return absl::OkStatus();
    case FieldDescriptor::CPPTYPE_DOUBLE:
    case FieldDescriptor::CPPTYPE_FLOAT:
    case FieldDescriptor::CPPTYPE_BOOL:
      return absl::OkStatus();
    case FieldDescriptor::CPPTYPE_MESSAGE: {
      const Message& sub =
          repeated ? r->GetRepeatedMessage(m, f, index) : r->GetMessage(m, f);
      return Walk(sub, where, mode);
    }
  }
  return absl::OkStatus();
}

absl::Status Walk(const Message& m, const std::string& path, Mode mode) {
  bool handled = false;
  absl::Status special = CheckSpecial(m, path, &handled);
  if (handled) return special;
  const Reflection* r = m.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  r->ListFields(m, &fields);  // the fields set
  for (const FieldDescriptor* f : fields) {
    const std::string field_path = Join(path, f);
    if (f->is_repeated()) {
      const int size = r->FieldSize(m, f);
      if (mode == Mode::kRequest && size > kMaxRepeated) {
        return Bad(field_path, absl::StrCat("holds at most ", kMaxRepeated,
                                            " elements; not ", size));
      }
      for (int i = 0; i < size; ++i) {
        absl::Status s = CheckField(m, f, field_path, i, mode);
        if (!s.ok()) return s;
      }
    } else {
      absl::Status s = CheckField(m, f, field_path, -1, mode);
      if (!s.ok()) return s;
    }
  }
  return absl::OkStatus();
}

// A command (a request carrying CommandOptions) names its idempotency key
// and, where it has one, its tournament.
absl::Status CheckCommandShape(const Message& m) {
  const Descriptor* d = m.GetDescriptor();
  const FieldDescriptor* options = d->FindFieldByName("options");
  if (options == nullptr || options->message_type() == nullptr ||
      options->message_type()->full_name() != "tally.v1.CommandOptions") {
    return absl::OkStatus();
  }
  const Reflection* r = m.GetReflection();
  const Message& o = r->GetMessage(m, options);
  const FieldDescriptor* key =
      o.GetDescriptor()->FindFieldByName("idempotency_key");
  if (o.GetReflection()->GetString(o, key).empty()) {
    return Bad("options.idempotency_key",
               "required: a key unique to this intended change, so a retry "
               "is recognised");
  }
  const FieldDescriptor* tournament = d->FindFieldByName("tournament_id");
  if (tournament != nullptr && r->GetString(m, tournament).empty()) {
    return Bad("tournament_id", "required: the tournament the command is for");
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ValidateRequest(const Message& request) {
  return Walk(request, "", Mode::kRequest);
}

absl::Status ValidateCommand(const Message& request) {
  absl::Status s = Walk(request, "", Mode::kRequest);
  if (!s.ok()) return s;
  return CheckCommandShape(request);
}

absl::Status ValidateStoredValues(const Message& payload) {
  return Walk(payload, "", Mode::kStored);
}

std::string QuoteForMessage(absl::string_view text) {
  constexpr size_t kShown = 40;
  std::string out = "'";
  for (unsigned char c : text.substr(0, kShown)) {
    if (c < 0x20 || c >= 0x7f || c == '\'' || c == '\\') {
      absl::StrAppend(&out, absl::StrFormat("\\x%02x", c));
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  out.push_back('\'');
  if (text.size() > kShown) {
    absl::StrAppend(&out, "... (", text.size(), " bytes)");
  }
  return out;
}

}  // namespace tally::server
