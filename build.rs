//! Embeds every `variants/*.variant` file in the binary, so shipped variants
//! work from any folder: writes `$OUT_DIR/shipped.rs` with their names and texts.
#![allow(clippy::expect_used)] // a build script reports failure by panicking

use std::{env, fs, path::Path};

fn main() {
    // Read when the script runs, not when it is compiled: a script compiled
    // for one checkout and reused for another (a shared target directory)
    // must embed the variants of the checkout being built.
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("variants");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = fs::read_dir(&dir)
        .expect("variants/ exists")
        .filter_map(|entry| {
            let path = entry.expect("readable variants/ entry").path();
            (path.extension()? == "variant")
                .then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    names.sort();
    let mut code = String::from("/// Shipped variants: (name, file text), sorted by name.\npub const SHIPPED: &[(&str, &str)] = &[\n");
    for name in &names {
        let path = dir.join(format!("{name}.variant"));
        println!("cargo:rerun-if-changed={}", path.display());
        code.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("shipped.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
