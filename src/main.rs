//! The `sow` command-line tool.

fn main() {
    std::process::exit(sowing::cli::run(std::env::args_os()));
}
