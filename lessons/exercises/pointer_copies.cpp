#include "exercises/pointer_copies.h"

#include <algorithm>
#include <regex>
#include <set>

#include "exercises/signature.h"

namespace cudalab::lessons::exercises {

std::string instrument_pointer_copies(std::string_view source, const std::vector<std::string>& pointers,
                                      const std::vector<std::string>& avoid) {
  const std::string code = blank_comments(source);  // comments and string contents blanked
  // `[const] [volatile] <element type> [const] * [const|__restrict__] name = init;`
  static const std::regex declaration(
      "((?:\\b(?:const|volatile)\\s+)*(?:unsigned\\s+|signed\\s+)?(?:float|double|int|unsigned|char|short|long|bool|size_t|"
      "u?int(?:8|16|32|64)_t)\\b\\s*(?:\\bconst\\b\\s*)?\\*\\s*(?:(?:const|__restrict__|__restrict)\\s+)*)"
      "([A-Za-z_]\\w*)\\s*=\\s*([^;,{}]+);");
  static const std::regex whole("^\\s*([A-Za-z_]\\w*)\\s*$");
  static const std::regex shifted("^\\s*([A-Za-z_]\\w*)\\s*([-+])\\s*([\\s\\S]+?)\\s*$");
  static const std::regex address("^\\s*&\\s*([A-Za-z_]\\w*)\\s*\\[([\\s\\S]+)\\]\\s*$");
  std::set<std::string> checked(pointers.begin(), pointers.end());
  for (const std::string& name : avoid) checked.erase(name);
  std::string out;
  std::size_t copied = 0;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), declaration); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    const auto begin = static_cast<std::size_t>(m.position(0));
    // A declaration starts a statement (or a for's first clause): not `x * p = …`, an expression.
    const std::size_t p = end_of_code_before(code, begin);
    if (p > 0 && std::string_view(";{}(").find(code[p - 1]) == std::string_view::npos) continue;
    const std::string init = m[3].str();
    std::smatch parts;
    std::string from, value;
    if (std::regex_match(init, parts, whole)) {
      from = parts[1].str();
      value = from;
    } else if (std::regex_match(init, parts, shifted)) {
      from = parts[1].str();
      value = init;
    } else if (std::regex_match(init, parts, address)) {
      from = parts[1].str();
      value = from + " + (" + parts[2].str() + ")";
    } else {
      continue;
    }
    if (!checked.contains(from) || std::find(avoid.begin(), avoid.end(), m[2].str()) != avoid.end()) continue;
    checked.insert(m[2].str());  // a copy of a copy is checked too
    const std::string original(source.substr(begin, static_cast<std::size_t>(m.length(0))));
    out += std::string(source.substr(copied, begin - copied)) + "auto " + m[2].str() + " = " + value + ";" +
           std::string(static_cast<std::size_t>(std::count(original.begin(), original.end(), '\n')), '\n');
    copied = begin + static_cast<std::size_t>(m.length(0));
  }
  out += std::string(source.substr(copied));
  return out;
}

}  // namespace cudalab::lessons::exercises
