//! `sow fmt`: a variant file in canonical form. The file is parsed, checked,
//! laid out with its comments ([`super::layout`]: the base rules), its
//! readings after it ([`super::format_readings`]), and printed by the one
//! writer ([`super::write::print`]).

use super::{
    format_readings,
    layout::{canonical, document, upgrade},
    load::load,
    write::print,
};
use crate::{
    diagnostic::{Report, Source},
    dsl::{self, SyntaxTree},
};

/// The canonical text of a variant file.
///
/// # Errors
/// The file does not load: its errors (a file is formatted only when it
/// means something).
pub fn format(source: &Source) -> Result<String, Report> {
    load(source)?;
    let tree = dsl::parse(&source.text).map_err(|d| Report {
        source: source.clone(),
        diagnostics: vec![d],
    })?;
    let base = SyntaxTree {
        readings: Vec::new(),
        comments: (tree.comments.iter())
            .filter(|c| format_readings::in_base(&tree, c.span))
            .cloned()
            .collect(),
        ..tree.clone()
    };
    let mut doc = document(&base, &source.text);
    upgrade(&mut doc);
    Ok(print(&canonical(doc)) + &format_readings::readings(&tree, &source.text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> String {
        format(&Source::new("t", text)).unwrap_or_else(|r| panic!("{r}"))
    }

    #[test]
    fn comments_everywhere_stay_where_they_were() {
        let text = "\
# Header line one
# header line two

end { repetition end_game } # after the end section
sow { start origin; min_stones 2 }   # after the sow line
# above name
name \"T\"  # after name
board {   # after the brace
  seeds 7

  # above pits, after a blank line
  pits 3
  # before the closing brace
} # after the closing brace
# last words
";
        let expected = "\
# Header line one
# header line two

# above name
name \"T\"  # after name
board {  # after the brace
  # above pits, after a blank line
  pits  3
  seeds 7
  # before the closing brace
}  # after the closing brace
sow {
  start origin
}  # after the sow line
legal {
  min_stones 2
}
end {
  repetition end_game
}  # after the end section
# last words
";
        assert_eq!(fmt(text), expected);
        assert_eq!(fmt(expected), expected);
    }

    /// An old file's restrictions move to `legal` in today's fixed order
    /// (whatever order the file gave them), each with its comments; the
    /// emptied `feeding` section's comments go above its first setting.
    #[test]
    fn an_old_capture_section_gets_its_label_with_its_comments() {
        let text = "\
name \"T\"
board { pits 3; seeds 7 }
sow { start origin }
# the capture, above
capture {  # after the brace
  side opponent  # whose row
  counts 2 3
}  # after the close
capture more { counts 1; side own }
end { repetition ignore }
";
        let expected = "\
name \"T\"
board {
  pits  3
  seeds 7
}
sow {
  start origin
}
# the capture, above
capture last {  # after the brace
  counts 2 3
  side   opponent  # whose row
}  # after the close
capture more {
  counts 1
  side   own
}
end {
  repetition ignore
}
";
        assert_eq!(fmt(text), expected);
        assert_eq!(fmt(expected), expected);
        let load = |t: &str| crate::rules::load(&Source::new("t", t)).unwrap().rules;
        assert_eq!(load(text), load(expected));
        let labels: Vec<String> = load(text).captures.into_iter().map(|c| c.name).collect();
        assert_eq!(labels, ["last", "more"]);
    }

    #[test]
    fn an_old_capture_section_without_counts_stays_as_it_is() {
        let text = "name \"T\"\nboard { pits 3; seeds 7 }\nsow { start origin }\ncapture {}\nend { repetition ignore }\n";
        assert!(fmt(text).contains("capture {"));
    }

    #[test]
    fn old_restrictions_move_to_legal_with_their_comments() {
        let text = "\
name \"T\"
board { pits 3; seeds 7 }
# feeding, above
feeding {  # after the brace
  otherwise end_game  # fallback
  when cannot_move
}
# slams, above
grand_slam only_move_no_capture  # slams
sow { start origin; min_stones 2 }
capture { counts 2 }
end { repetition ignore }
";
        let expected = "\
name \"T\"
board {
  pits  3
  seeds 7
}
sow {
  start origin
}
capture last {
  counts 2
}
legal {
  min_stones 2
  # slams, above
  grand_slam only_move_no_capture  # slams
  # feeding, above
  # after the brace
  feed       cannot_move
  otherwise  end_game  # fallback
}
end {
  repetition ignore
}
";
        assert_eq!(fmt(text), expected);
        let load = |t: &str| crate::rules::load(&Source::new("t", t)).unwrap().rules;
        assert_eq!(load(text), load(expected));
        assert_eq!(
            load(expected).restrictions,
            crate::rules::Restrictions::SLAM_THEN_FEED
        );
    }
}
