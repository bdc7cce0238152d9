// Checks the screenshots of a GUI tour: one PNG per chapter step exists, and each named region
// of each picture really holds content (text and drawings produce edges; a blank or flat region
// does not). Usage:
//   check_screenshots DIR name:x0,y0,x1,y1:min_edge_percent ...
// Regions are fractions of the image (0..1).
// Options (before the regions):
//   --layout     also read NAME.layout.json beside each NAME.png (the app writes it with
//                CUDALAB_LAYOUT_REPORT=1: where each pane was drawn) and check every pane the
//                layout shows: not a sliver (at least 3 text heights each way; bars 1.5 high), and
//                holding content (edges inside it); in the normal layout no chapter title was cut.
//   --suffix=S   in a tour folder, check <chapter>-<step>S.png (".audience": the presenter view's
//                second window).
//   --colour=R,G,B:N[@x0,y0,x1,y1]  at least N pixels of that colour (±40 per channel), in the
//                whole image or the region (fractions): a pen mark, a banner.
//   --absent-colour=R,G,B:N[@x0,y0,x1,y1]  at most N pixels of it: a picture not drawn yet.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include <fstream>

#include <nlohmann/json.hpp>
#include <stb_image.h>

#include "lesson.h"

namespace {

struct Region {
  std::string name;
  double x0, y0, x1, y1;
  double min_edge_percent;
};

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  double luma(int x, int y) const {
    const unsigned char* p = &rgb[3 * (std::size_t(y) * width + x)];
    return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
  }
};

bool load(const std::string& path, Image* image) {
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image->width, &image->height, &channels, 3);
  if (!data) return false;
  image->rgb.assign(data, data + std::size_t(image->width) * image->height * 3);
  stbi_image_free(data);
  return true;
}

// Share of pixels whose luminance differs sharply from their right or lower neighbour.
double edge_percent(const Image& image, const Region& r) {
  int x0 = int(r.x0 * image.width), x1 = int(r.x1 * image.width) - 1;
  int y0 = int(r.y0 * image.height), y1 = int(r.y1 * image.height) - 1;
  long edges = 0, total = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x, ++total) {
      double here = image.luma(x, y);
      if (std::fabs(here - image.luma(x + 1, y)) > 40 || std::fabs(here - image.luma(x, y + 1)) > 40) ++edges;
    }
  return total ? 100.0 * edges / total : 0;
}

int distinct_colours(const Image& image) {
  std::set<int> colours;
  for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3 * 7)
    colours.insert((image.rgb[i] >> 4) << 8 | (image.rgb[i + 1] >> 4) << 4 | (image.rgb[i + 2] >> 4));
  return static_cast<int>(colours.size());
}

// Edge share a pane needs, by its name in the layout report: text-heavy panes hold a lot, the
// canvas around its picture little (two SM cells gave 0.38 %).
double pane_threshold(const std::string& name) {
  if (name == "canvas") return 0.25;
  if (name == "chapters" || name == "text" || name == "notes") return 2.0;
  return 0.8;  // bars, controls, the strip, the bottom pane
}

// Checks the panes of NAME.layout.json against the image; prints and returns the failures.
int check_layout(const std::string& png, const Image& image) {
  const std::string stem = png.substr(0, png.size() - 4);
  std::ifstream in(stem + ".layout.json");
  const nlohmann::json report = nlohmann::json::parse(in, nullptr, false);
  if (report.is_discarded() || !report.is_object() || !report.contains("panes")) {
    std::printf("\n  FAIL no layout report %s.layout.json", stem.c_str());
    return 1;
  }
  const double em = report.value("em", 16.0);
  int failures = 0;
  for (const auto& [name, rect] : report["panes"].items()) {
    const double x = rect[0].get<double>(), y = rect[1].get<double>(), w = rect[2].get<double>(), h = rect[3].get<double>();
    const bool bar = name == "top_bar" || name == "status_bar";
    // The chapter list folded on purpose is a strip of numbers, narrow by design.
    const bool strip = name == "chapters" && report.value("chapters_collapsed", false);
    const bool sliver = w < em * (strip ? 2 : 3) || h < em * (bar ? 1.5 : 3);
    // Inside the pane, clear of its borders and of the splitters on them.
    const double inset = std::min(em * 0.4, std::min(w, h) * 0.25);
    Region region{name, (x + inset) / image.width, (y + inset) / image.height, (x + w - inset) / image.width,
                  (y + h - inset) / image.height, pane_threshold(name)};
    const double edges = region.x1 > region.x0 && region.y1 > region.y0 ? edge_percent(image, region) : 0;
    const bool ok = !sliver && edges >= region.min_edge_percent;
    std::printf(", %s %.0fx%.0f %.2f%%%s", name.c_str(), w, h, edges, sliver ? " (a sliver)" : ok ? "" : " (too empty)");
    failures += !ok;
  }
  if (report.value("mode", "") == "normal" && report.contains("chapter_titles_cut") && !report["chapter_titles_cut"].empty()) {
    std::printf(", chapter titles cut: %s", report["chapter_titles_cut"].dump().c_str());
    ++failures;
  }
  // A single word wider than the list cannot be helped by wrapping (its tooltip has it): said only.
  if (report.contains("chapter_words_too_wide") && !report["chapter_words_too_wide"].empty()) {
    std::printf(", words wider than the chapter list: %s", report["chapter_words_too_wide"].dump().c_str());
  }
  return failures;
}

struct ColourCheck {
  int rgb[3] = {0, 0, 0};
  long count = -1;  // -1: not asked for
  double x0 = 0, y0 = 0, x1 = 1, y1 = 1;
};

// "R,G,B:N" or "R,G,B:N@x0,y0,x1,y1".
bool parse_colour_check(const char* text, ColourCheck* check) {
  const int read = std::sscanf(text, "%d,%d,%d:%ld@%lf,%lf,%lf,%lf", &check->rgb[0], &check->rgb[1], &check->rgb[2],
                               &check->count, &check->x0, &check->y0, &check->x1, &check->y1);
  return (read == 4 || read == 8) && check->x0 < check->x1 && check->y0 < check->y1;
}

long count_colour(const Image& image, const ColourCheck& check) {
  long count = 0;
  const int x0 = int(check.x0 * image.width), x1 = int(check.x1 * image.width);
  const int y0 = int(check.y0 * image.height), y1 = int(check.y1 * image.height);
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const unsigned char* p = &image.rgb[3 * (std::size_t(y) * image.width + x)];
      count += std::abs(p[0] - check.rgb[0]) <= 40 && std::abs(p[1] - check.rgb[1]) <= 40 && std::abs(p[2] - check.rgb[2]) <= 40;
    }
  }
  return count;
}

bool parse_region(const std::string& text, Region* r) {
  char name[64];
  return std::sscanf(text.c_str(), "%63[^:]:%lf,%lf,%lf,%lf:%lf", name, &r->x0, &r->y0, &r->x1, &r->y1,
                     &r->min_edge_percent) == 6 &&
         (r->name = name, r->x0 < r->x1 && r->y0 < r->y1);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: check_screenshots DIR|FILE.png... [--layout] [--suffix=S] [--colour=R,G,B:N] [--absent-colour=R,G,B:N] "
                 "[name:x0,y0,x1,y1:min_edge_percent ...]\n");
    return 2;
  }
  // A tour's folder (one PNG per step, named by the lessons), or PNG files named one by one.
  std::string dir = argv[1];
  std::vector<std::string> files;
  int first_region = 2;
  if (dir.size() > 4 && dir.compare(dir.size() - 4, 4, ".png") == 0) {
    first_region = 1;
    while (first_region < argc && std::string(argv[first_region]).find(".png") != std::string::npos) {
      files.push_back(argv[first_region++]);
    }
  }
  bool layout = false;
  std::string suffix;
  ColourCheck present, absent;
  for (; first_region < argc && std::string(argv[first_region]).rfind("--", 0) == 0; ++first_region) {
    const std::string option = argv[first_region];
    if (option == "--layout") {
      layout = true;
    } else if (option.rfind("--suffix=", 0) == 0) {
      suffix = option.substr(9);
    } else if (option.rfind("--colour=", 0) == 0 && parse_colour_check(option.c_str() + 9, &present)) {
    } else if (option.rfind("--absent-colour=", 0) == 0 && parse_colour_check(option.c_str() + 16, &absent)) {
    } else {
      std::fprintf(stderr, "unknown option '%s'\n", option.c_str());
      return 2;
    }
  }
  if (files.empty()) {
    for (const auto& lesson : cudalab::lessons::make_lessons()) {
      for (std::size_t s = 0; s < lesson->steps().size(); ++s) {
        files.push_back(dir + "/" + lesson->id() + "-" + std::to_string(s + 1) + suffix + ".png");
      }
    }
  }
  std::vector<Region> regions;
  for (int i = first_region; i < argc; ++i) {
    Region r;
    if (!parse_region(argv[i], &r)) {
      std::fprintf(stderr, "bad region '%s'\n", argv[i]);
      return 2;
    }
    regions.push_back(r);
  }
  int failures = 0, checked = 0;
  {
    for (const std::string& path : files) {
      Image image;
      if (!load(path, &image)) {
        std::printf("FAIL %s: missing or not a PNG\n", path.c_str());
        ++failures;
        continue;
      }
      ++checked;
      int colours = distinct_colours(image);
      bool ok = image.width >= 640 && image.height >= 400 && colours >= 8;
      std::printf("%s: %dx%d, %d colours", path.c_str(), image.width, image.height, colours);
      for (const Region& r : regions) {
        double edges = edge_percent(image, r);
        bool region_ok = edges >= r.min_edge_percent;
        ok = ok && region_ok;
        std::printf(", %s %.2f%%%s", r.name.c_str(), edges, region_ok ? "" : " (too empty)");
      }
      if (layout && check_layout(path, image) > 0) ok = false;
      if (present.count >= 0) {
        const long found = count_colour(image, present);
        const bool colour_ok = found >= present.count;
        std::printf(", colour %d,%d,%d: %ld px%s", present.rgb[0], present.rgb[1], present.rgb[2], found,
                    colour_ok ? "" : " (too few)");
        ok = ok && colour_ok;
      }
      if (absent.count >= 0) {
        const long found = count_colour(image, absent);
        const bool absent_ok = found <= absent.count;
        std::printf(", no %d,%d,%d: %ld px%s", absent.rgb[0], absent.rgb[1], absent.rgb[2], found, absent_ok ? "" : " (present)");
        ok = ok && absent_ok;
      }
      std::printf(" → %s\n", ok ? "ok" : "FAIL");
      failures += !ok;
    }
  }
  std::printf("%d screenshots checked, %d failed\n", checked, failures);
  return failures == 0 && checked > 0 ? 0 : 1;
}
