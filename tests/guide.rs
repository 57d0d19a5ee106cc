//! The catalogue pages of the user guide (`docs/src/catalogue/`), generated
//! from what the project already holds: each variant file's header comment,
//! `sow describe`, the perft tables in `tests/perft/`, the table of solved
//! values in `docs/src/solving.md` and the games of the peer check
//! (`scripts/peer_games.txt`).
//!
//! `catalogue_pages_are_current` fails when a page differs from what would be
//! generated; `UPDATE_GUIDE=1 cargo test --test integration guide::` writes
//! them.

use crate::common::sow;
use sowing::variants;
use std::path::{Path, PathBuf};

/// A family of the catalogue: one page.
struct Family {
    /// The page's file name, without `.md`.
    page: &'static str,
    title: &'static str,
    intro: &'static str,
    variants: &'static [&'static str],
}

/// Every shipped variant, by family (a test checks that each shipped variant
/// is in exactly one).
const FAMILIES: &[Family] = &[
    Family {
        page: "modiar",
        title: "Modiar",
        intro: "The reference variant: a 2x3 children's game of northern Morocco, in the two \
                recorded readings of its rules.",
        variants: &["modiar", "modiar-awale-info"],
    },
    Family {
        page: "morocco",
        title: "Koumma, Tihbat and Bakuk",
        intro: "Small Moroccan relatives of Modiar: two rows of two or three pits, captures of \
                even counts.",
        variants: &["koumma", "tihbat", "bakuk"],
    },
    Family {
        page: "sudan",
        title: "Um el Tuweisat and Um el-Bagara",
        intro: "Two Sudanese games where each pit has its own sowing direction, with a choice \
                at the centre.",
        variants: &["um-el-tuweisat", "um-el-bagara"],
    },
    Family {
        page: "oware",
        title: "Oware and Awari",
        intro: "The 2x6 games of West Africa and the Caribbean: Abapa's competition rules, \
                OpenSpiel's reading of them, and the Ndyuka Awari.",
        variants: &["oware", "oware-openspiel", "awari"],
    },
    Family {
        page: "stores",
        title: "Kalah, FairKalah, Waurie, Galatjang and Sungka",
        intro: "Games with stores in the sowing path and extra turns: Kalah, Kalah from a \
                fair uneven start, a race to empty one's own row, and relay games; \
                Galatjang's and Sungka's matches of rounds.",
        variants: &[
            "kalah",
            "fairkalah",
            "waurie",
            "galatjang",
            "galatjang-rounds",
            "sungka",
        ],
    },
    Family {
        page: "one-count",
        title: "Um el-Bil and Aw-li On-nam Ot-tjin",
        intro: "Games that capture the pit the last stone brings to one count: a single \
                counter in Tunisia (from a fixed opening hole), a \"fish\" of three in Borneo \
                (the stuck player's opponent takes the rest).",
        variants: &["um-el-bil", "aw-li-on-nam-ot-tjin"],
    },
    Family {
        page: "relay-ends",
        title: "Altiev and Chonka",
        intro: "Relay games decided by how they end rather than by counting the board: a \
                player whose row is emptied loses (Turkey); the first store to hold half of \
                the counters wins (Sri Lanka).",
        variants: &["altiev", "chonka"],
    },
    Family {
        page: "boukerourou",
        title: "Boukerourou",
        intro: "An Algerian game of relay sowing where sixes leave the board.",
        variants: &["boukerourou"],
    },
    Family {
        page: "capture-shapes",
        title: "I and Enindji",
        intro: "Two West African games whose captures take another shape: I (Dogon, Mali) \
                takes the last pit and its neighbours in the row; in Enindji (Dahomey) the \
                owner of the captured pit takes its stones, whoever moved.",
        variants: &["i", "enindji"],
    },
    Family {
        page: "sowing-captures",
        title: "Obridje, Meusueb and Whyo",
        intro: "Relay games that capture inside the sowing: in Obridje (Ghana, Nigeria) \
                every hole a counter makes hold four is taken as the counters pass, by the \
                owner of its row; in Meusueb (Sumatra) a relay lap ending in a hole of four \
                takes it instead of lifting it, and the sowing goes on from the next hole; \
                in Whyo (Nigeria) such a lap ends the move, and the player who moved last \
                takes what is left when the other cannot move.",
        variants: &["obridje", "meusueb", "whyo"],
    },
    Family {
        page: "sweeps",
        title: "Oure Ngat, Kapana Bona and Wouri",
        intro: "Three games Béart recorded in West Africa whose captures sweep a row or the \
                board: in Oure Ngat (Senegal) and Kapana Bona (Gourounsi), heaps on the \
                ground, every heap of 2, 4 or 6 counters is taken after each sowing, whether \
                the move sowed into it or not, and in Kapana Bona a player may sow any heap; \
                in Wouri (Mali), a relay game, every hole of the opponent's row a counter \
                brings to four is taken as it falls.",
        variants: &["oure-ngat", "kapana-bona", "wouri"],
    },
    Family {
        page: "yovodji",
        title: "Yovodji",
        intro: "A relay game of Dahomey (Benin), played by women at funerals: a last \
                counter that falls into an empty hole of one's own row takes the hole facing \
                it, and an empty row must be fed.",
        variants: &["yovodji"],
    },
    Family {
        page: "four-rows",
        title: "Hus and Tsoro",
        intro: "Four-row games of southern Africa: each player sows round their own two rows \
                only, relaying. In Hus (Namibia) a lap ending in an occupied pit of one's \
                inner row takes the opponent's two pits of that column, when both hold \
                stones, and sows them on at once; in Tsoro (Zimbabwe) a last stone that \
                falls into an empty inner pit takes the opponent's inner pit facing it, and \
                the outer pit behind, out of play. The last player able to move wins. The \
                Nama's Hus, on four rows of sixteen, opens with one of four fixed moves \
                for each player's first turn, and captures from either row. Owela \
                (Angola) captures as Hus does when the facing pit alone holds stones; \
                Moruba (South Africa) sows one lap, and its last stone anywhere in \
                one's inner row takes the facing pit and the pit behind, the most \
                captures winning. In Tsoro (Additional Capture) a capture earns three \
                more of the opponent's pits, chosen one a move, and in Tshuba \
                (Mozambique), on four rows of four, every last stone in an empty inner \
                pit earns one.",
        variants: &[
            "hus",
            "hus-damara",
            "hus-nama",
            "moruba",
            "owela-benguela",
            "tsoro",
            "tsoro-additional-capture",
            "tshuba",
        ],
    },
    Family {
        page: "tuzdik",
        title: "Toguz Kumalak",
        intro: "The 2x9 game of Kazakhstan and Kyrgyzstan: the emptied hole gets the first \
                counter back, even counts are taken on the opponent's row, and a last \
                counter that makes three there turns the hole into the mover's tuzdik, a \
                store of their own in the opponent's row that keeps every counter sown \
                into it.",
        variants: &["toguz-kumalak"],
    },
    Family {
        page: "dakon",
        title: "Papan Dakon",
        intro: "A match of rounds from Borneo: clockwise relay sowing into one's own store; \
                when every counter is in a store, each player refills seven to a hole from \
                the right, and a hole left unfilled is out of play for the round.",
        variants: &["dakon"],
    },
    Family {
        page: "bohnenspiel",
        title: "Das Bohnenspiel",
        intro: "The bean game of nineteenth-century Prussian and Baltic families: captures of \
                2, 4 and 6 with the holes before them, across both rows.",
        variants: &["das-bohnenspiel"],
    },
    Family {
        page: "la-b-akila",
        title: "La'b Akila",
        intro: "A Syrian relay game of the nineteenth century: a lap ending in a hole it makes \
                two or four captures it, with the hole facing it and the holes before it that \
                hold two or four, each with its facing hole.",
        variants: &["la-b-akila"],
    },
    Family {
        page: "pallankuli",
        title: "Pallankuli",
        intro: "A South Indian relay game played in rounds: fours are taken as the counters \
                pass, by the owner of their row; a last counter in an empty hole takes the hole \
                after it; holes a player cannot refill are out of play.",
        variants: &["pallankuli"],
    },
    Family {
        page: "dabuda",
        title: "Dabuda",
        intro: "An Afar relay game (Horn of Africa) with rules on which holes may be played: \
                each player's first move from their four rightmost holes, and every move's \
                first lap must reach the opponent's row or end in an empty hole.",
        variants: &["dabuda"],
    },
    Family {
        page: "muvalavala",
        title: "Muvalavala",
        intro: "Two four-row games of Angola on 4x6, as Silva described them: in the \
                Quioco's a lap ending in an occupied pit of one's inner row takes the \
                opponent's column facing it and sows the counters on at once, and the player \
                who cannot move loses; in the Luena's the sowing goes clockwise, each \
                player's first move is from their inner row, a last counter in an empty \
                inner pit takes the opponent's column for the mover, and the game is won by \
                score.",
        variants: &["muvalavala-quioco", "muvalavala-luena"],
    },
    Family {
        page: "three-rows",
        title: "Rab'e and Gabata (Adowa)",
        intro: "Three-row games of Eritrea and Ethiopia: each player owns the row nearest \
                them and half of the middle row, one circuit goes round the whole board, \
                relaying. In Rab'e every pit made to hold four is taken by the mover as the \
                counters fall; in Gabata (Adowa) a lap that makes four in a pit of the \
                opponent's makes it the mover's weg, which keeps what is sown into it, and a \
                last counter in the opponent's weg takes two. Gabata (Adowa) is a match of \
                rounds in which holes change hands; Rab'e ships one round of its match.",
        variants: &["rab-e", "gabata-adowa"],
    },
    Family {
        page: "omweso",
        title: "Omweso",
        intro: "The four-row game of Uganda: a relay lap ending in an occupied pit of one's \
                inner row takes the opponent's two pits of that column, when both hold \
                stones, and sows them on from where the capturing lap began; the players \
                place their counters first, and a move from the four left pits may go \
                clockwise to capture. Its `ludii` reading plays Ludii's Mweso.",
        variants: &["omweso"],
    },
    Family {
        page: "bao",
        title: "Bao la Kujifunza",
        intro: "The learners' Bao of Tanzania and Zanzibar: Bao la Kiswahili's mtaji stage \
                from a full board. A move sows either way round one's own two rows; a relay \
                lap ending in an occupied pit of one's inner row takes the opponent's facing \
                pit and sows it on from an end of the inner row (the kichwa), which may turn \
                the move round; a capturing move is obligatory, and a move that does not \
                capture at once captures nothing.",
        variants: &["bao-la-kujifunza"],
    },
    Family {
        page: "surplus",
        title: "Hufesay and Motiq",
        intro: "Matches of rounds in which holes change hands: the player who took more fills \
                the other's holes with the surplus, and plays them in the next round (Ethiopia, \
                Indonesia).",
        variants: &["hufesay", "motiq"],
    },
    Family {
        page: "owner-fours",
        title: "Mewelad, Rio Kadalis and Gabata (Ghinda)",
        intro: "Relay games of Eritrea and Ethiopia played as matches of rounds in which holes \
                change hands by surplus: every hole a counter makes hold four is taken as the \
                counters pass by the hole's owner, whoever sows, but the four a lap's last \
                counter makes goes to the sower and ends the turn.",
        variants: &["mewelad", "rio-kadalis", "gabata-ghinda"],
    },
    Family {
        page: "hoyito",
        title: "Hoyito",
        intro: "A relay game of the Dominican Republic: every hole a counter makes hold four \
                is taken by the mover as the counters pass, and the first four made with the \
                last eight counters on the board takes them all.",
        variants: &["hoyito"],
    },
    Family {
        page: "dongjintian",
        title: "Dongjintian",
        intro: "A Chinese game recorded by Vernon Eagle: each move sows either way, and every \
                lap goes on from the hole after the last one while it holds counters; across \
                the empty hole that ends the sowing, the next hole is taken, and so on while \
                empty and occupied holes alternate.",
        variants: &["dongjintian"],
    },
    Family {
        page: "pachgarhwa",
        title: "Pachgarhwa",
        intro: "A game of central India recorded by Humphries in 1906: every lap goes on from \
                the hole after the last one while it holds counters, and the hole after the \
                empty one that ends the sowing is taken.",
        variants: &["pachgarhwa"],
    },
    Family {
        page: "wa-ache-waledat",
        title: "Wa'ache Waledat",
        intro: "An Eritrean relay game on 2x6 with three counters a hole: the three holes \
                on a player's left sow clockwise, the three on the right anti-clockwise; a \
                lap ending in a hole it makes hold four takes it and gives the player another \
                turn, except in each player's first turn.",
        variants: &["wa-ache-waledat"],
    },
    Family {
        page: "chosen-refill",
        title: "Ovalhu, Bosh and Erherhe",
        intro: "Matches of rounds refilled from the captures: the players choose the holes \
                to fill in the Maldives (Ovalhu) and Somalia (Bosh); in Gabon (Erherhe) the \
                holes fill from the left and the last takes what is left.",
        variants: &["ovalhu", "bosh", "erherhe"],
    },
    Family {
        page: "weg",
        title: "Qelat, Mewegae, Awagagae, Gabata (Shoa I), Gamacha (Nobility) and Um el Banat",
        intro: "Relay games of Eritrea and Ethiopia in which a lap that makes four in a hole of \
                the opponent captures the hole itself (weg, qasamo): it becomes the mover's, \
                keeps the counters sown into it, and is never sown from again; the opponent \
                may take a tribute from it. The first four are matches of rounds in which holes \
                change hands by surplus.",
        variants: &[
            "qelat",
            "mewegae",
            "awagagae",
            "gabata-shoa-i",
            "gamacha-nobility",
            "um-el-banat",
        ],
    },
    Family {
        page: "openings",
        title: "English Wari (St. Lucia)",
        intro: "Games that open with a move of their own: on St. Lucia each player's first \
                move takes all the counters of one hole and adds them to the next hole; play \
                then sows from holes of two or more, takes fours backward across the rows, \
                and must leave the opponent a hole they can sow.",
        variants: &["english-wari-st-lucia"],
    },
    Family {
        page: "stylised-openings",
        title: "Gabata (Oromo) and Jimafesosh",
        intro: "Two relay games of Ethiopia that begin with a stylised move: the first player \
                empties every other hole into the next, round the board, until the holes \
                alternate eight and none, then sows the last hole made. The opening leaves \
                no choice, so play starts where it ends. In Gabata (Oromo) a four made while \
                sowing is the sower's, unless the last counter of a lap makes it; in \
                Jimafesosh a last counter in an empty hole takes the hole facing it, and \
                holes change hands between rounds.",
        variants: &["gabata-oromo", "jimafesosh"],
    },
    Family {
        page: "sanderson",
        title: "Njombwa and Sute",
        intro: "Two four-row games Sanderson recorded in 1913 around Lake Malawi: in \
                Njombwa (Two Counters), of the Yao, each player relays round their own two \
                rows and a last counter in an empty inner pit takes the opponent's inner pit \
                facing it and the outer pit behind, out of play (Tsoro's rules on another \
                start); in Sute, of the Chikunda, single counters step into empty pits only, \
                and one that reaches an inner pit facing an empty pit takes the opponent's \
                outer pit behind it. The player who captures all of the opponent's counters \
                wins.",
        variants: &["njombwa-two-counters", "sute"],
    },
    Family {
        page: "lines",
        title: "Mankala, Mangala (Turkey), Vai Lung Thlan and Halusa",
        intro: "Games of Egypt, Turkey, Mesopotamia and the Mizo hills whose last counter \
                takes its hole at a count and the holes before it in an unbroken line: 2, 4 \
                or 6 on either row (Mankala, 1774), 1 or 3 (Mangala, Turkey), single \
                counters sown clockwise (Vai Lung Thlan), even counts in one's own row \
                (Halusa, 1694, where the last player able to move takes the rest). The line \
                goes on through the hole the move started from, as the texts say, where \
                Ludii's engine stops before it.",
        variants: &["mankala", "mangala-turkey", "vai-lung-thlan", "halusa"],
    },
    Family {
        page: "j-odu-uril",
        title: "J'odu, Uril and Yovodi",
        intro: "Three West African relatives of Oware: J'odu (Yoruba) relays from an occupied \
                hole and takes the hole facing an empty hole of one's own row, and a move must \
                leave the opponent a counter if one can; Uril (Cabo Verde) takes 2 and 3 in the \
                opponent's row, the first to 25 wins, and a blocked game is drawn; Yovodi \
                (Ewe) relays clockwise, and a last counter in an empty hole of the opponent's \
                row gives the opponent the hole facing it.",
        variants: &["j-odu", "uril", "yovodi"],
    },
    Family {
        page: "round-games",
        title: "Main Chongkak and Khrour",
        intro: "Two matches of rounds. Main Chongkak, the Malay Congkak as Skeat saw it, \
                sows clockwise into both stores, relays, and takes the hole opposite an \
                empty hole of one's own row; holes a player cannot refill from the right \
                are out of play for the round. Khrour, of Mauritania, on 2x2 holes in the \
                sand, takes a last counter's 2, 4, 6 or 8; a hole its owner could not fill \
                is sown into but waits, neither played nor captured from, until it holds \
                four.",
        variants: &["main-chongkak", "khrour"],
    },
    Family {
        page: "beart-1955",
        title: "Foji, Fondji, Woli and Unnee Tugalluulax",
        intro: "Three relatives of Oware that Béart recorded in West Africa around 1955, and \
                a Mongolian game. Foji (Dahomey) relays clockwise and takes the hole facing \
                an empty hole of one's own row; Fondji (Dahomey) takes twos and threes in \
                one's own row, Woli (Senegal valley) in the opponent's, clockwise, never all \
                of the opponent's counters; in all three an empty row must be fed, and the \
                players may agree to end a repeating game. Unnee Tugalluulax (Mongolia) \
                takes a last four in one's own row; a repeated position ends the game.",
        variants: &["foji", "fondji", "woli", "unnee-tugalluulax"],
    },
    Family {
        page: "tap-urdy",
        title: "Tap Urdy",
        intro: "A game of Turkmenistan, played in holes dug into the ground: each player sows \
                the opponent's holes, clockwise; a last counter in an occupied hole relays \
                unless the next hole is empty, and then the hole after the empty one is \
                taken. The game ends when a row is empty.",
        variants: &["tap-urdy"],
    },
    Family {
        page: "gabata-adegrat",
        title: "Gabata (Adegrat)",
        intro: "A match of rounds from the Adegrat area of Ethiopia: a last counter in an \
                occupied hole lifts the hole after it and sows on, a last counter in an empty \
                hole takes the hole after it, and between rounds every three counters over a \
                row claim a hole of the opponent's.",
        variants: &["gabata-adegrat"],
    },
    Family {
        page: "kay",
        title: "Kay",
        intro: "A game of Haiti recorded around 1952: a last counter in an occupied hole \
                relays unless the next hole is empty; a three made four in the opponent's \
                row is taken, with the fours behind it, and ends the turn; a single counter \
                is sown only into an empty hole.",
        variants: &["kay"],
    },
    Family {
        page: "kara",
        title: "Kara",
        intro: "A game of the Baggara people of Sudan, recorded around 1925 (Ludii codes \
                its two-player form): three holes a player, seven counters each; a last \
                counter that makes two, four or six in an opponent's hole or in the \
                mover's own rightmost hole takes it.",
        variants: &["kara"],
    },
    Family {
        page: "pairs",
        title: "Leyla Gobale (Somaliland), Leyla Gobale (Gabradarre) and Leyla",
        intro: "Relay games of the Horn of Africa in which captured holes come in facing \
                pairs that keep the counters sown into them: in Leyla Gobale a last counter \
                in an empty hole of one's row facing a hole of three takes one counter across \
                and both holes (other counts facing it are captured); in Leyla a lap that \
                makes four in the opponent's row takes that hole and the one opposite, and a \
                last counter in the opponent's hole takes two.",
        variants: &[
            "leyla-gobale-somaliland",
            "leyla-gobale-gabradarre",
            "leyla",
        ],
    },
    Family {
        page: "last-counts",
        title: "Adidada, Kpo, Ntyenge, Shono, Wari (Ashanti) and Wore",
        intro: "Single-lap games of West and Central Africa whose last counter takes its \
                hole at a count: twos and threes in the opponent's row with the unbroken \
                line before it (Adidada, Ewe; Shono, Fang, whose long sowings pass over the \
                emptied hole), twos and threes on either row (Kpo, Vai), twos and fours \
                (Ntyenge, Mbenge), a six in the opponent's row (Wari, Ashanti), twos, \
                fours and sixes on a board of two rows of four piles (Wore, Senegal).",
        variants: &["adidada", "kpo", "ntyenge", "shono", "wari-ashanti", "wore"],
    },
    Family {
        page: "relay-stores",
        title: "Chongka', Chungcajon and French Wari",
        intro: "Relay games without a count to capture: a last counter in an occupied hole \
                lifts it and sows on, one in an empty hole ends the move. In the Marianas \
                (Chongka') and the Philippines (Chungcajon) the sowing goes clockwise into \
                the mover's own store, which ends the move; Chongka' takes the hole facing \
                an empty hole of one's own row, Chungcajon nothing. In Barbados (French \
                Wari) an empty hole on either row takes the hole facing it.",
        variants: &["chongka", "chungcajon", "french-wari"],
    },
];

const GENERATED_NOTE: &str =
    "<!-- Generated by tests/guide.rs from the variant files, `sow describe`, \
tests/perft/, the table in solving.md and scripts/peer_games.txt: do not edit by hand. \
Regenerate with `UPDATE_GUIDE=1 cargo test --test integration guide::`. -->";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(root().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The comment lines at the top of a variant file, without their `#`.
fn header(name: &str) -> String {
    let named = variants::named(name).unwrap();
    let text = named.source.text;
    // A reading's header is the comment just above its `reading NAME {`.
    let above: Vec<&str> = match &named.reading {
        Some(reading) => {
            let opening = format!("reading {reading} {{");
            let lines: Vec<&str> = text.lines().collect();
            let at = lines.iter().position(|l| l.starts_with(&opening)).unwrap();
            let first = lines[..at]
                .iter()
                .rposition(|l| !l.starts_with('#'))
                .map_or(0, |i| i + 1);
            lines[first..at].to_vec()
        }
        None => text.lines().collect(),
    };
    let lines: Vec<&str> = above
        .into_iter()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.strip_prefix("# ").unwrap_or(l.trim_start_matches('#')))
        .collect();
    assert!(!lines.is_empty(), "{name}.variant has no header comment");
    lines.join("\n")
}

/// The sections of a variant header, in order, each starting a line (see
/// "A variant's header" in docs/src/contributing.md).
const HEADER_SECTIONS: [&str; 4] = ["Source:", "The source says", "Left open", "Language gaps"];

#[test]
fn every_header_follows_the_template() {
    for name in variants::shipped_names() {
        let header = header(name);
        let mut from = 0;
        for section in HEADER_SECTIONS {
            let at = header[from..]
                .find(&format!("\n{section}"))
                .unwrap_or_else(|| {
                    panic!("{name}.variant: no line starting `{section}` after the one before")
                });
            from += at + 1;
        }
    }
}

/// `sow describe NAME --format markdown`, without its title, headings moved
/// two levels down to sit under the variant's "In plain words" heading.
fn description(name: &str) -> String {
    let (code, out, err) = sow(&["describe", name, "--format", "markdown"]);
    assert_eq!(code, 0, "sow describe {name}: {err}");
    out.lines()
        .skip_while(|l| l.starts_with("# ") || l.is_empty())
        .map(|l| {
            if l.starts_with('#') {
                format!("##{l}")
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The perft tables of `tests/perft/NAME.perft`: each block's comment, then
/// its table (from the start, or from the position of a `from` line).
fn perft(name: &str) -> String {
    let text = read(&format!("tests/perft/{name}.perft"));
    // (comment lines, position, rows) per block; a comment or `from` after
    // rows starts a new block.
    let mut blocks: Vec<(Vec<String>, Option<String>, Vec<String>)> = vec![Default::default()];
    for line in text.lines() {
        if blocks.last().is_some_and(|b| !b.2.is_empty())
            && (line.starts_with('#') || line.starts_with("from "))
        {
            blocks.push(Default::default());
        }
        if line.starts_with("# oracle:") {
            continue; // which oracle re-checks the block (scripts/check-perft-oracles)
        }
        let block = blocks.last_mut().unwrap();
        if let Some(note) = line.strip_prefix('#') {
            block.0.push(note.trim().to_owned());
        } else if let Some(position) = line.strip_prefix("from ") {
            block.1 = Some(position.trim().to_owned());
        } else if let Some(row) = line.strip_prefix("perft ") {
            let (depth, leaves) = row.split_once(' ').unwrap();
            block.2.push(format!("| {depth} | {leaves} |"));
        }
    }
    assert!(
        blocks.iter().all(|b| !b.2.is_empty()),
        "tests/perft/{name}.perft has a block without rows"
    );
    blocks
        .iter()
        .map(|(notes, from, rows)| {
            let from = from
                .as_ref()
                .map(|p| format!("\n\nFrom `{p}`:"))
                .unwrap_or_default();
            format!(
                "{}{from}\n\n| depth | leaves |\n|---|---|\n{}",
                notes.join(" "),
                rows.join("\n")
            )
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The row of the table of solved values in `docs/src/solving.md` for
/// `name`, as a sentence, or `None` when it is not solved there.
fn solved(name: &str) -> Option<String> {
    let page = read("docs/src/solving.md");
    let cells: Vec<String> = page
        .lines()
        .find(|l| l.starts_with(&format!("| `{name}` |")))?
        .trim_matches('|')
        .split('|')
        .map(|c| c.trim().to_owned())
        .collect();
    let [_, positions, value, result, best, time, memory] = &cells[..] else {
        panic!("solving.md: the row of {name} does not have 7 cells");
    };
    Some(format!(
        "Value of the start for South: **{value}**; under perfect play: {result}; best first \
         move(s): {best}. {positions} reachable positions, solved in {time} with a peak of \
         {memory} (release build; see [Perfect play](../solving.md))."
    ))
}

/// The OpenSpiel game the peer check plays against `name`, if any: read from
/// `scripts/peer_games.txt` (a variant and its OpenSpiel game per line),
/// which `scripts/peer_check.py` reads too.
fn peer(name: &str) -> Option<String> {
    read("scripts/peer_games.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
            [variant, game] if variant == name => Some(game.to_owned()),
            _ => None,
        })
}

/// The page of one family.
fn page(family: &Family) -> String {
    let mut out = format!(
        "{GENERATED_NOTE}\n\n# {}\n\n{}\n",
        family.title, family.intro
    );
    for &name in family.variants {
        let title = variants::load(name).unwrap().rules.name;
        out += &format!("\n## `{name}`: {title}\n\n");
        let named = variants::named(name).unwrap();
        let from = match &named.reading {
            Some(reading) => format!("reading `{reading}` of `{}`", named.source.name),
            None => format!("`{}`", named.source.name),
        };
        out += &format!(
            "### The file's header\n\nFrom {from}:\n\n```text\n{}\n```\n\n",
            header(name)
        );
        out += &format!(
            "### In plain words\n\nAs `sow describe {name}` writes it:\n\n{}\n\n",
            description(name)
        );
        out += &format!("### Perft\n\n{}\n\n", perft(name));
        out += "### Perfect play\n\n";
        out += &solved(name).unwrap_or_else(|| {
            "Not solved: see [Perfect play](../solving.md) for the boards `sow solve` can \
             handle."
                .to_owned()
        });
        out += "\n\n### Checked against a peer\n\n";
        let mut peers = Vec::new();
        if let Some(game) = peer(name) {
            peers.push(format!(
                "Move by move against OpenSpiel's `{game}` game: `scripts/peer-check` plays \
                 random games of both and compares the legal moves, the board and scores after \
                 every ply and the result (see [The peer check](../catalogue.md#the-peer-check-against-openspiel))."
            ));
        }
        let mirror = format!("tests/peers/mancalagames/{name}.variant");
        let data = format!("tests/peers/mancalagames/{name}.jsonl");
        let text = sowing::variants::text(name).unwrap_or_default();
        if sowing::rules::readings::names_in(&text)
            .iter()
            .any(|r| r == "mancalagames")
        {
            peers.push(format!(
                "Against MancalaGames (StoneShark): random games of its engine \
                 (`{data}`) are replayed ply by ply by `tests/peers.rs` under the reading \
                 `{name}@mancalagames`, which says where the peer reads the rules otherwise."
            ));
        } else if root().join(&mirror).exists() {
            peers.push(format!(
                "Against MancalaGames (StoneShark): random games of its engine, kept as data \
                 beside `{mirror}`, a mirror of its configuration whose header says where the \
                 two readings differ, are replayed ply by ply by `tests/peers.rs`."
            ));
        }
        out += &if peers.is_empty() {
            "No peer implementation plays this variant; its distinctive rules are \
             checked by positions worked by hand (in `tests/`) and its perft table as \
             noted above."
                .to_owned()
        } else {
            peers.join("\n\n")
        };
        out += "\n";
    }
    out
}

fn page_path(family: &Family) -> PathBuf {
    root().join(format!("docs/src/catalogue/{}.md", family.page))
}

#[test]
fn every_shipped_variant_is_in_one_family() {
    for name in variants::shipped_names() {
        let homes = FAMILIES
            .iter()
            .filter(|f| f.variants.contains(&name))
            .count();
        assert_eq!(
            homes, 1,
            "`{name}` is in {homes} families of the catalogue (tests/guide.rs, FAMILIES)"
        );
    }
    let shipped: Vec<&str> = variants::shipped_names().collect();
    for family in FAMILIES {
        for name in family.variants {
            assert!(
                shipped.contains(name) || variants::is_shipped(name),
                "`{name}` is not a shipped variant or reading"
            );
        }
    }
    // A reading that was a variant of its own (it has an old name) keeps
    // its entry in a family, under either name; every other reading is
    // shown in its file's entry ("Readings").
    for (old, full) in variants::ALIASES {
        assert!(
            FAMILIES
                .iter()
                .any(|f| f.variants.iter().any(|v| v == full || v == old)),
            "`{full}` (once `{old}`) is in no family of the catalogue"
        );
    }
}

#[test]
fn catalogue_pages_are_current() {
    let update = std::env::var_os("UPDATE_GUIDE").is_some();
    let mut stale = Vec::new();
    for family in FAMILIES {
        let path = page_path(family);
        let want = page(family);
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        if have == want {
            continue;
        }
        if update {
            std::fs::write(&path, want).unwrap();
        } else {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "the catalogue pages {stale:?} are stale; regenerate them with \
         `UPDATE_GUIDE=1 cargo test --test integration guide::` and review the diff"
    );
}

/// Markers around the generated table of `docs/src/catalogue.md`.
const PLAY_TABLE_START: &str = "<!-- sow check --play 1000 table: generated by tests/guide.rs -->";
const PLAY_TABLE_END: &str = "<!-- end of the generated table -->";

/// The table of what decided 1000 random games of each shipped variant, from
/// `sow check NAME --play 1000`: the repetition rule, a relay cut at the lap
/// bound, the ply cap, and the ends.
fn play_table() -> String {
    let mut out = String::from(
        "| name | repetition ended it | a relay cut | ply cap | how games ended |\n|---|---|---|---|---|\n",
    );
    for family in FAMILIES {
        for &name in family.variants {
            let (code, text, err) = sow(&["check", name, "--play", "1000"]);
            assert_eq!(code, 0, "sow check {name} --play 1000: {err}");
            let after = |prefix: &str| -> String {
                let line = text
                    .lines()
                    .map(str::trim)
                    .find(|l| l.starts_with(prefix))
                    .unwrap_or_else(|| panic!("sow check {name} --play: no `{prefix}` line"));
                line[prefix.len()..].trim().to_owned()
            };
            let percent = |cell: String| -> String {
                let (_, share) = cell.split_once(" (").expect("N (P%)");
                share.trim_end_matches(')').to_owned()
            };
            out += &format!(
                "| `{name}` | {} | {} | {} | {} |\n",
                percent(after("ended by repetition:")),
                percent(after("a relay cut at 1000 laps:")),
                percent(after("stopped at the ply cap:")),
                after("ends:"),
            );
        }
    }
    out
}

#[test]
fn catalogue_play_table_is_current() {
    let path = root().join("docs/src/catalogue.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let (Some(start), Some(end)) = (page.find(PLAY_TABLE_START), page.find(PLAY_TABLE_END)) else {
        panic!("docs/src/catalogue.md lacks the markers of the generated table");
    };
    let want = format!(
        "{}{PLAY_TABLE_START}\n{}{}",
        &page[..start],
        play_table(),
        &page[end..]
    );
    if want == page {
        return;
    }
    assert!(
        std::env::var_os("UPDATE_GUIDE").is_some(),
        "the table of random games in docs/src/catalogue.md is stale; regenerate it with \
         `UPDATE_GUIDE=1 cargo test --test integration guide::` and review the diff"
    );
    std::fs::write(&path, want).unwrap();
}

#[test]
fn summary_lists_every_catalogue_page() {
    let summary = read("docs/src/SUMMARY.md");
    for family in FAMILIES {
        let link = format!("](catalogue/{}.md)", family.page);
        assert!(
            summary.contains(&link),
            "docs/src/SUMMARY.md has no link to catalogue/{}.md",
            family.page
        );
    }
}

#[test]
fn peer_and_solve_sources_are_read() {
    // The generator's readers find what the README's tables and the peer
    // check hold: OpenSpiel checks oware-openspiel and kalah only.
    assert_eq!(peer("oware-openspiel").as_deref(), Some("oware"));
    assert_eq!(peer("kalah").as_deref(), Some("mancala"));
    assert_eq!(peer("oware"), None);
    assert!(solved("tihbat").unwrap().contains("**+2 (exact)**"));
    assert_eq!(solved("oware"), None);
}

/// `1,152,988` for 1152988.
pub(crate) fn with_commas(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// The table of solved values (measured with release builds) agrees with
/// `sow solve` on the boards small enough to solve in a debug test: the
/// positions, the value with its exactness, and the result.
#[test]
fn solve_table_matches_sow_solve_on_small_boards() {
    let page = read("docs/src/solving.md");
    for name in ["tihbat", "um-el-tuweisat"] {
        let (code, out, err) = sow(&["solve", name, "--format", "json"]);
        assert_eq!(code, 0, "sow solve {name}: {err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        let value = json["value"].as_i64().unwrap();
        let (low, high) = (
            json["bounds"][0].as_i64().unwrap(),
            json["bounds"][1].as_i64().unwrap(),
        );
        let signed = |v: i64| {
            if v > 0 {
                format!("+{v}")
            } else {
                v.to_string()
            }
        };
        let exactness = if low == high {
            "exact".to_owned()
        } else {
            format!("proven between {} and {}", signed(low), signed(high))
        };
        let scores = &json["result"]["scores"];
        let (south, north) = (scores[0].as_u64().unwrap(), scores[1].as_u64().unwrap());
        let result = match json["result"]["winner"].as_str().unwrap() {
            "south" => format!("South wins {south}-{north}"),
            "north" => format!("North wins {north}-{south}"),
            _ => format!("draw {south}-{north}"),
        };
        // The value cell may go on to say what `--settle-start` proves.
        let row = format!(
            "| `{name}` | {} | {} ({exactness}",
            with_commas(json["positions"].as_u64().unwrap()),
            signed(value)
        );
        let result = format!(") | {result} |");
        assert!(
            page.lines()
                .any(|l| l.starts_with(&row) && l.contains(&result)),
            "docs/src/solving.md has no row starting `{row}` with `{result}`"
        );
    }
}

#[test]
fn with_commas_groups_thousands() {
    assert_eq!(with_commas(7), "7");
    assert_eq!(with_commas(10096), "10,096");
    assert_eq!(with_commas(4152560), "4,152,560");
}

/// The README's and the coverage page's counts of the Ludii replays are
/// those of `tests/peers/ludii/agreement.tsv`: the files that cite a Ludii
/// game (one row each), those that can be compared (the others' first
/// parting says `not comparable`), the games dumped, and the files that
/// agree on every game (those that play one round of Ludii's match
/// counted apart: they agree through that round, not to the match's end).
#[test]
fn ludii_agreement_counts_on_the_pages_are_the_tables() {
    let table = read("tests/peers/ludii/agreement.tsv");
    let rows: Vec<Vec<&str>> = table
        .lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with("variant\t"))
        .map(|line| line.split('\t').collect())
        .collect();
    let header: Vec<&str> = (table.lines())
        .find(|line| line.starts_with("variant\t"))
        .unwrap()
        .split('\t')
        .collect();
    let column = |name: &str| header.iter().position(|&h| h == name).unwrap();
    let (dumped, first, to_round_end) = (
        column("dumped"),
        column("first_parting"),
        column("to_round_end"),
    );
    let number = |cell: &str| cell.parse::<u64>().unwrap();
    let files = rows.len();
    let comparable = rows
        .iter()
        .filter(|row| !row[first].starts_with("not comparable"))
        .count();
    let games: u64 = rows.iter().map(|row| number(row[dumped])).sum();
    let agreeing = rows.iter().filter(|row| row[first] == "-").count();
    // Files agreeing only through their one round of Ludii's match.
    let one_round = |row: &&Vec<&str>| number(row[to_round_end]) > 0;
    let round_only = (rows.iter())
        .filter(|row| row[first] == "-" && one_round(row))
        .count();
    let to_end = agreeing - round_only;
    let squeezed = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let readme = squeezed(read("README.md"));
    assert!(
        readme.contains(&format!(
            "Of the {files} files that cite a Ludii game, {comparable} can be compared with Ludii's own random games ({} games in `tests/peers/ludii/`); {to_end} agree on every game to its end, and {round_only} more, files that play one round of Ludii's match, agree on every game through that round",
            with_commas(games)
        )),
        "README.md: {files} files, {comparable} comparable, {games} games, {to_end} agreeing to the end, {round_only} through one round"
    );
    // The games played: Ludii games (their .lud files) a shipped file
    // replays to the end of every dumped game, by folder (not through one
    // round of the match only).
    let games_map = read("tests/peers/ludii/games.tsv");
    let lud_of: std::collections::HashMap<&str, &str> = games_map
        .lines()
        .skip(1)
        .filter_map(|line| line.split_once('\t'))
        .map(|(variant, rest)| (variant, rest.split('\t').next().unwrap_or("")))
        .collect();
    let variant_column = column("variant");
    let played = |folders: &[&str]| {
        let luds: std::collections::BTreeSet<&str> = rows
            .iter()
            .filter(|row| row[first] == "-" && !one_round(row))
            .map(|row| lud_of[row[variant_column]])
            .filter(|lud| folders.iter().any(|f| lud.starts_with(f)))
            .collect();
        luds.len()
    };
    let two_rows = played(&["board/sow/two_rows/"]);
    let more_rows = played(&["board/sow/three_rows/", "board/sow/four_rows/"]);
    let readme_raw = read("README.md");
    assert!(
        readme_raw.contains(&format!("| Ludii, two-row games | 134 | {two_rows} |"))
            && readme_raw.contains(&format!(
                "| Ludii, three- and four-row games | 72 | {more_rows} |"
            )),
        "README.md's coverage table: Ludii games played: {two_rows} two-row, {more_rows} three- and four-row"
    );
    let coverage = squeezed(read("docs/src/coverage.md"));
    assert!(
        coverage.contains(&format!(
            "of the {comparable} shipped files that can be compared with Ludii's own random games"
        )) && coverage.contains(&format!("{to_end} agree on every dumped game to its end, and {round_only} more, files that play one round of Ludii's match, agree on every game through that round")),
        "coverage.md: {comparable} comparable files, {to_end} agreeing to the end, {round_only} through one round"
    );
}
