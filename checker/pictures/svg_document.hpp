#pragma once
#include <sstream>
#include <string>
#include <vector>

namespace trivcheck {

/// A minimal SVG writer for the project's pictures: no dependency, and
/// deterministic text (coordinates with one decimal), so pictures can be
/// golden files.
class SvgDocument {
  public:
    SvgDocument(double width, double height);

    void circle(double x, double y, double radius, const std::string& fill,
                const std::string& stroke, double stroke_width);
    void rect(double x, double y, double width, double height, const std::string& fill,
              const std::string& stroke = "none", double stroke_width = 1);
    /// `anchor`: start, middle or end; `size` in px.
    void text(double x, double y, const std::string& content, double size,
              const std::string& anchor = "middle", const std::string& fill = "#222");
    /// A path with the given `d` commands; `extra` is added verbatim
    /// (e.g. marker-end="url(#arrow)").
    void path(const std::string& commands, const std::string& stroke, double stroke_width,
              const std::string& extra = "");
    /// An arrowhead marker, referenced as url(#id), in the given colour.
    void arrow_marker(const std::string& id, const std::string& colour);
    /// <title> tooltip text for the next element a viewer hovers.
    void comment(const std::string& content);

    /// The finished document.
    std::string finish();

  private:
    std::ostringstream body_;
    std::ostringstream defs_;
    double width_;
    double height_;
};

/// The colours every step picture gives a message: a reduction, a copy, and a
/// violation's transfers (and cells).
inline const std::string reduce_colour = "#3b6fb6";
inline const std::string copy_colour = "#2e8b57";
inline const std::string violation_colour = "#d7191c";

/// The lines of `text` (split at '\n'), for captions drawn a line at a time.
std::vector<std::string> text_lines(const std::string& text);

/// "12.5": one decimal, no exponent, "-0.0" written as "0.0".
std::string svg_number(double value);
/// Text safe inside an element or attribute.
std::string svg_escape(const std::string& text);
/// A colour from pale grey (0) through amber to deep red (1) for a load
/// fraction in [0, 1]; exactly "#e6e6e6" for 0.
std::string load_colour(double fraction);

}  // namespace trivcheck
