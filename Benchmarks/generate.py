#!/usr/bin/env python3
"""Writes a realistic whatsnew manifest (docs/manifest.md) of about --bytes bytes: N versions × 10 features.

The manifest is what a long-lived app accumulates: registries of images and actions that every entry
uses, Markdown in every text, English titles with German and Chinese translations on some versions,
dates, unique feature ids, patch releases beside their x.y.0, a beta before each major release.
`whatsnew validate` reports no diagnostics on it. The same --seed and --bytes give the same bytes.

    python3 Benchmarks/generate.py --bytes 10000000 --output .build-bench/manifest-10mb.yaml

An image registry entry refers to `assets/logo.svg`; the generator writes that file beside the output.

With --erroneous-items N it writes instead the pathological manifest of issue 28: `versions` holding N
one-character items, each one an error (a string where a version entry, a mapping, belongs). One million of
them are 4,000,010 bytes; `whatsnew validate` reports the first --max-diagnostics and counts the rest.

    python3 Benchmarks/generate.py --erroneous-items 1000000 --output .build-bench/million-errors.yaml
"""

import argparse
import datetime
import os
import random
import re
import sys

FEATURES_PER_VERSION = 10
LOCALES = ("en", "de", "zh-Hans")

# Feature topics: (title, subtitle) in English, German and Chinese. `{n}` is a number, `{x}` a place.
TOPICS = [
    (("Offline maps", "Download {x} and navigate **without a connection**."),
     ("Offline-Karten", "Lade {x} herunter und navigiere **ohne Verbindung**."),
     ("离线地图", "下载{x}，**无需网络**即可导航。")),
    (("GPX export", "Share any route as a `.gpx` file with other apps."),
     ("GPX-Export", "Teile jede Route als `.gpx`-Datei mit anderen Apps."),
     ("GPX 导出", "将任意路线导出为 `.gpx` 文件，分享给其他应用。")),
    (("Route planner", "Drag the line to plan a loop; Trails shows distance and climb *as you go*."),
     ("Routenplaner", "Ziehe die Linie, um eine Runde zu planen; Trails zeigt Strecke und Anstieg *sofort* an."),
     ("路线规划", "拖动路线即可规划环线，Trails 会*实时*显示距离和爬升。")),
    (("A fresh look", "Bigger maps, calmer colors and a dark mode made for night hikes in {x}."),
     ("Ein frischer Look", "Größere Karten, ruhigere Farben und ein Dunkelmodus für Nachtwanderungen in {x}."),
     ("全新外观", "更大的地图、更柔和的配色，以及专为{x}夜间徒步设计的深色模式。")),
    (("Find trails", "Search **{n}** trails by distance, elevation and difficulty."),
     ("Wege finden", "Durchsuche **{n}** Wege nach Länge, Höhenmetern und Schwierigkeit."),
     ("查找路线", "按距离、海拔和难度搜索 **{n}** 条路线。")),
    (("Track your hikes", "Record distance, pace and elevation with *one tap*."),
     ("Touren aufzeichnen", "Zeichne Strecke, Tempo und Höhe mit *einem Tipp* auf."),
     ("记录徒步", "*轻点一下*即可记录距离、配速和海拔。")),
    (("Trail stories", "Turn a hike through {x} into a story with photos, the map and your ~~blisters~~ highlights."),
     ("Weg-Geschichten", "Mach aus einer Tour durch {x} eine Geschichte mit Fotos, Karte und deinen ~~Blasen~~ Höhepunkten."),
     ("路线故事", "用照片、地图和你的~~水泡~~精彩瞬间，把{x}的徒步变成一个故事。")),
    (("Terrain in 3D", "Walk around a summit in your room before you climb it."),
     ("Gelände in 3D", "Umrunde einen Gipfel in deinem Zimmer, bevor du ihn besteigst."),
     ("3D 地形", "登顶之前，先在房间里绕着山峰走一圈。")),
    (("Trail alerts", "Closures and conditions from rangers in {x}, not ~~rumors~~ guesswork."),
     ("Weg-Hinweise", "Sperrungen und Zustände von Rangern in {x}, nicht ~~Gerüchte~~ Vermutungen."),
     ("路线提醒", "来自{x}护林员的封闭与路况信息，而不是~~传闻~~猜测。")),
    (("Home Screen widgets", "Your next hike and the weather at the trailhead, at a glance."),
     ("Widgets für den Home-Bildschirm", "Deine nächste Tour und das Wetter am Startpunkt auf einen Blick."),
     ("主屏幕小组件", "下一次徒步和起点天气，一目了然。")),
    (("Privacy zones", "Hide the start and end of shared routes around *home*."),
     ("Privatzonen", "Verberge Anfang und Ende geteilter Routen rund um dein *Zuhause*."),
     ("隐私区域", "隐藏分享路线中*住所*附近的起点和终点。")),
    (("Trails on your wrist", "Start a hike from Apple Watch and leave the phone in your pack."),
     ("Trails am Handgelenk", "Starte eine Tour auf der Apple Watch und lass das iPhone im Rucksack."),
     ("腕上的 Trails", "在 Apple Watch 上开始徒步，手机放在背包里就好。")),
    (("Faster sync", "Routes sync **{n}%** faster between your devices over iCloud."),
     ("Schnellerer Abgleich", "Routen gleichen sich **{n} %** schneller zwischen deinen Geräten über iCloud ab."),
     ("更快同步", "路线在设备之间通过 iCloud 同步快了 **{n}%**。")),
    (("Weather layers", "See rain, wind and snow over {x} before you set off. Details in the [guide](https://example.com/trails/weather)."),
     ("Wetterebenen", "Sieh Regen, Wind und Schnee über {x}, bevor du losgehst. Details in der [Anleitung](https://example.com/trails/weather)."),
     ("天气图层", "出发前查看{x}的雨、风和雪。详情请见[指南](https://example.com/trails/weather)。")),
    (("Elevation profiles", "Every route now shows its climb, with the steepest **{n} m** highlighted."),
     ("Höhenprofile", "Jede Route zeigt jetzt ihren Anstieg, die steilsten **{n} m** hervorgehoben."),
     ("海拔剖面", "每条路线都会显示爬升，最陡的 **{n} 米** 会被突出显示。")),
    (("Shared hikes", "Invite friends to a hike in {x} and see where everyone is on the map."),
     ("Gemeinsame Touren", "Lade Freunde zu einer Tour in {x} ein und sieh auf der Karte, wo alle sind."),
     ("结伴徒步", "邀请朋友一起去{x}徒步，并在地图上看到每个人的位置。")),
    (("Trail difficulty", "Ratings now follow the `SAC` scale, from T1 to T6."),
     ("Schwierigkeit", "Bewertungen folgen jetzt der `SAC`-Skala, von T1 bis T6."),
     ("路线难度", "难度评级现在采用 `SAC` 等级，从 T1 到 T6。")),
    (("Photo spots", "Trails suggests **{n}** viewpoints worth a break along your route."),
     ("Fotospots", "Trails schlägt **{n}** Aussichtspunkte entlang deiner Route für eine Pause vor."),
     ("拍照地点", "Trails 会推荐沿途 **{n}** 个值得停留的观景点。")),
    (("Battery saver", "Record a whole day in {x} on a single charge with the new *low-power* mode."),
     ("Energiesparmodus", "Zeichne einen ganzen Tag in {x} mit einer Akkuladung auf, dank des neuen *Stromsparmodus*."),
     ("省电模式", "借助全新的*低功耗*模式，一次充电即可记录在{x}的一整天。")),
    (("Water sources", "Springs and fountains on the map, checked by **{n}** hikers this season."),
     ("Wasserstellen", "Quellen und Brunnen auf der Karte, in dieser Saison von **{n}** Wandernden geprüft."),
     ("水源", "地图上标出泉水和饮水点，本季已有 **{n}** 位徒步者确认。")),
    (("Huts and shelters", "Opening times and beds for huts across {x}, updated daily."),
     ("Hütten und Unterstände", "Öffnungszeiten und Betten für Hütten in {x}, täglich aktualisiert."),
     ("山屋与避难所", "{x}各地山屋的开放时间和床位，每日更新。")),
    (("Live Activities", "Distance and time left stay on the Lock Screen during a hike."),
     ("Live-Aktivitäten", "Strecke und Restzeit bleiben während der Tour auf dem Sperrbildschirm."),
     ("实时活动", "徒步期间，距离和剩余时间会一直显示在锁定屏幕上。")),
    (("Siri shortcuts", "Say \"Start my usual loop\" and Trails starts recording."),
     ("Siri-Kurzbefehle", "Sag „Starte meine übliche Runde“ und Trails beginnt die Aufzeichnung."),
     ("Siri 快捷指令", "说出“开始我的常规环线”，Trails 就会开始记录。")),
    (("Sunset times", "Know when the light goes in {x}, with a reminder **{n} minutes** before."),
     ("Sonnenuntergang", "Wisse, wann es in {x} dunkel wird, mit einer Erinnerung **{n} Minuten** vorher."),
     ("日落时间", "了解{x}何时天黑，并在 **{n} 分钟**前收到提醒。")),
    (("Accessible trails", "Filter for step-free paths and benches every **{n} m**."),
     ("Barrierefreie Wege", "Filtere nach stufenlosen Wegen und Bänken alle **{n} m**."),
     ("无障碍路线", "筛选无台阶的路线，以及每隔 **{n} 米**设有长椅的路线。")),
    (("Dog-friendly", "See which trails in {x} welcome dogs, on a leash or off."),
     ("Hundefreundlich", "Sieh, welche Wege in {x} Hunde erlauben, mit oder ohne Leine."),
     ("宠物友好", "查看{x}哪些路线允许带狗，是否需要牵绳。")),
    (("Better search", "Type `loop < 10 km` to find short circular routes."),
     ("Bessere Suche", "Tippe `loop < 10 km`, um kurze Rundwege zu finden."),
     ("更好的搜索", "输入 `loop < 10 km` 即可找到较短的环线。")),
    (("Bug fixes", "Fixed **{n}** crashes and a map that could freeze in {x}."),
     ("Fehlerbehebungen", "**{n}** Abstürze behoben und eine Karte, die in {x} einfrieren konnte."),
     ("问题修复", "修复了 **{n}** 个崩溃问题，以及在{x}可能卡住的地图。")),
    (("Compass calibration", "A quick figure-eight in the app fixes a *drifting* compass."),
     ("Kompass-Kalibrierung", "Eine kurze Acht in der App korrigiert einen *abdriftenden* Kompass."),
     ("指南针校准", "在应用中画个 8 字，就能修正*漂移*的指南针。")),
    (("Trail reviews", "Read what **{n}** hikers said about a route before you go."),
     ("Weg-Bewertungen", "Lies vor dem Start, was **{n}** Wandernde über eine Route sagen."),
     ("路线评价", "出发前看看 **{n}** 位徒步者对路线的评价。")),
    (("Split screen", "Plan a route on iPad with the map and the list side by side."),
     ("Geteilter Bildschirm", "Plane eine Route auf dem iPad mit Karte und Liste nebeneinander."),
     ("分屏", "在 iPad 上一边看地图一边看列表来规划路线。")),
    (("Emergency info", "Your location in `what3words` and the local emergency number, one tap away."),
     ("Notfall-Infos", "Dein Standort in `what3words` und die örtliche Notrufnummer, nur einen Tipp entfernt."),
     ("紧急信息", "一键查看你的 `what3words` 位置和当地紧急电话。")),
    (("Seasonal closures", "Trails in {x} closed for nesting birds are greyed out until they reopen."),
     ("Saisonale Sperrungen", "Wege in {x}, die wegen brütender Vögel gesperrt sind, bleiben grau bis zur Öffnung."),
     ("季节性封闭", "{x}因鸟类筑巢而封闭的路线会显示为灰色，直到重新开放。")),
    (("Heart rate zones", "See time in each zone after a hike, from Apple Watch or a chest strap."),
     ("Herzfrequenzzonen", "Sieh nach der Tour die Zeit in jeder Zone, von der Apple Watch oder einem Brustgurt."),
     ("心率区间", "徒步结束后查看在各心率区间的时间，数据来自 Apple Watch 或胸带。")),
    (("Import from Komoot", "Bring your saved tours along; **{n}** routes at a time."),
     ("Import aus Komoot", "Nimm deine gespeicherten Touren mit; **{n}** Routen auf einmal."),
     ("从 Komoot 导入", "导入已保存的路线，每次最多 **{n}** 条。")),
    (("Smarter downloads", "Maps of {x} download in the background and resume after a lost connection."),
     ("Klügere Downloads", "Karten von {x} laden im Hintergrund und setzen nach einem Abbruch fort."),
     ("更智能的下载", "{x}的地图会在后台下载，断网后自动继续。")),
    (("Night mode", "A red-light map that keeps your eyes used to the dark."),
     ("Nachtmodus", "Eine Karte in Rotlicht, damit sich deine Augen an die Dunkelheit gewöhnen."),
     ("夜间模式", "红光地图，让你的眼睛保持对黑暗的适应。")),
    (("Stats dashboard", "Your year in numbers: **{n} km**, every summit and your longest day."),
     ("Statistik-Übersicht", "Dein Jahr in Zahlen: **{n} km**, jeder Gipfel und dein längster Tag."),
     ("统计面板", "你的年度数据：**{n} 公里**、每一座山峰和最长的一天。")),
    (("VoiceOver improvements", "Every map control now has a label, and turn-by-turn cues are spoken."),
     ("VoiceOver-Verbesserungen", "Jedes Kartenelement hat jetzt eine Beschriftung, und Abbiegehinweise werden vorgelesen."),
     ("VoiceOver 改进", "每个地图控件现在都有标签，并会朗读转向提示。")),
    (("Trail conditions", "Hikers in {x} report mud, snow and ice; see reports from the last **{n} hours**."),
     ("Wegzustand", "Wandernde in {x} melden Matsch, Schnee und Eis; sieh Meldungen der letzten **{n} Stunden**."),
     ("路况", "{x}的徒步者会报告泥泞、积雪和结冰；查看最近 **{n} 小时**的报告。")),
]

PLACES = [
    ("the Alps", "den Alpen", "阿尔卑斯山"), ("the Dolomites", "den Dolomiten", "多洛米蒂"),
    ("Yosemite", "Yosemite", "优胜美地"), ("the Lake District", "dem Lake District", "湖区"),
    ("Patagonia", "Patagonien", "巴塔哥尼亚"), ("the Black Forest", "dem Schwarzwald", "黑森林"),
    ("the Pyrenees", "den Pyrenäen", "比利牛斯山"), ("Hokkaido", "Hokkaido", "北海道"),
    ("the Scottish Highlands", "den schottischen Highlands", "苏格兰高地"), ("Tasmania", "Tasmanien", "塔斯马尼亚"),
    ("the Rockies", "den Rocky Mountains", "落基山脉"), ("Norway", "Norwegen", "挪威"),
]

VERSION_TITLES = [
    ("What's **New** in Trails {v}", "**Neu** in Trails {v}", "Trails {v} 的**新功能**"),
    ("Trails {v}: *made for the long way*", "Trails {v}: *gemacht für lange Wege*", "Trails {v}：*为远行而生*"),
    ("Fresh tracks in `{v}`", "Neue Spuren in `{v}`", "`{v}` 中的新路线"),
    ("Trails {v} is here", "Trails {v} ist da", "Trails {v} 来了"),
]

IMAGES = {
    "star": {"systemName": "star.fill", "foregroundColor": "orange"},
    "map": {"systemName": "map.fill", "foregroundColor": "green", "symbolRenderingMode": "hierarchical"},
    "bolt": {"systemName": "bolt.fill", "foregroundColor": "yellow"},
    "lock": {"systemName": "lock.shield", "foregroundColor": "accentColor", "symbolRenderingMode": "monochrome"},
    "bell": {"systemName": "bell", "foregroundColor": "red", "renderingMode": "template"},
    "wand": {"systemName": "wand.and.stars", "foregroundColor": "purple", "symbolRenderingMode": "multicolor"},
    "boot": {"emoji": "🥾", "alt": {"en": "Hiking boot", "de": "Wanderschuh", "zh-Hans": "登山靴"}},
    "logo": {"file": "assets/logo.svg", "renderingMode": "original",
             "alt": {"en": "Trails logo", "de": "Trails-Logo", "zh-Hans": "Trails 标志"}},
}
INLINE_SYMBOLS = [("paintpalette.fill", "pink"), ("mountain.2.fill", "brown"), ("applewatch", "gray"),
                  ("square.grid.2x2.fill", "teal"), ("cloud.sun.fill", "cyan"), ("heart.fill", "red")]
PLATFORMS = ["ios", "ipados", "macos", "watchos", "visionos", "web"]
PRIMARY_KEYS = ["continue", "joinBeta", "upgrade"]
SECONDARY_KEYS = ["learnMore", "offlineTour", "notNow", "openSettings"]

LOGO_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M2 28 12 10l6 10 4-6 8 14z" '
            'fill="#2E7D32"/></svg>\n')

PLAIN_SAFE = re.compile(r"^[A-Za-z][^:#\n]*[^\s:]$")
RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n"}


def scalar(text):
    """The text as a YAML scalar: plain when that reads back unchanged, double-quoted otherwise."""
    if PLAIN_SAFE.match(text) and text.lower() not in RESERVED and ": " not in text and " #" not in text:
        return text
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def text_lines(key, value, indent):
    """`key: value` lines for a text or a locale map."""
    pad = " " * indent
    if isinstance(value, dict):
        lines = [f"{pad}{key}:"]
        lines += [f"{pad}  {locale}: {scalar(text)}" for locale, text in value.items()]
        return lines
    return [f"{pad}{key}: {scalar(value)}"]


def header():
    lines = [
        "# yaml-language-server: $schema=../Schemas/whatsnew.schema.json",
        "#",
        "# Generated by Benchmarks/generate.py: the release notes of \"Trails\", a hiking app, over many years.",
        "",
        "app:",
        "  id: com.example.trails",
        "  name: Trails",
        "  url: https://example.com/trails",
        "",
        "defaults:",
    ]
    lines += text_lines("title", {"en": "What's New", "de": "Neuigkeiten", "zh-Hans": "新功能"}, 2)
    lines += ["  primaryAction: continue", "  secondaryAction: learnMore", "  locale: en",
              "  accentColor: \"#2E7D32\"", "  layout:", "    featureListSpacing: 35", "", "images:"]
    for key, image in IMAGES.items():
        lines.append(f"  {key}:")
        for field, value in image.items():
            lines += text_lines(field, value, 4)
    lines += ["", "primaryActions:", "  continue:"]
    lines += text_lines("title", {"en": "Continue", "de": "Weiter", "zh-Hans": "继续"}, 4)
    lines += ["    backgroundColor: accentColor", "    foregroundColor: white",
              "    hapticFeedback: { notification: success }", "  joinBeta:"]
    lines += text_lines("title", {"en": "Try the **beta**", "de": "**Beta** ausprobieren", "zh-Hans": "试用**测试版**"}, 4)
    lines += ["    backgroundColor: \"#1B5E20\"", "    foregroundColor: \"#FFF\"", "    hapticFeedback:",
              "      impact: { style: medium, intensity: 0.8 }", "  upgrade:",
              "    title: \"Get **Trails Pro**\"", "    backgroundColor: indigo", "",
              "secondaryActions:", "  learnMore:"]
    lines += text_lines("title", {"en": "Learn more", "de": "Mehr erfahren", "zh-Hans": "了解更多"}, 4)
    lines += ["    foregroundColor: accentColor", "    hapticFeedback: selection",
              "    openURL: https://example.com/trails/notes", "  offlineTour:"]
    lines += text_lines("title", {"en": "How offline maps work", "de": "So funktionieren Offline-Karten",
                                  "zh-Hans": "离线地图如何使用"}, 4)
    lines += ["    hapticFeedback: selection", "    present:", "      title: Offline maps", "      body: |",
              "        Download a region **before** you leave, and Trails keeps working without a signal.", "",
              "        1. Open a trail and tap **Download**.",
              "        2. Choose the area and the level of detail.",
              "        3. Find your regions under *Settings › Offline*.", "",
              "        > Regions update themselves on Wi-Fi. Read more in the [guide](https://example.com/trails/offline).",
              "  notNow:", "    title: Not now", "    foregroundColor: secondary", "    dismiss: true",
              "  openSettings:", "    title: Open Settings", "    hapticFeedback: { impact: { style: light } }",
              "    custom: com.example.trails.openSettings", "", "versions:"]
    return "\n".join(lines) + "\n"


def version_numbers(rng):
    """An endless ascending release history: x.y.0, its patches, a beta before each major."""
    major, minor = 1, 0
    while True:
        yield f"{major}.{minor}.0"
        for patch in range(1, rng.choice([0, 0, 1, 1, 2, 3]) + 1):
            yield f"{major}.{minor}.{patch}"
        if rng.random() < 0.05:
            major, minor = major + 1, 0
            yield f"{major}.0.0-beta.1"
        else:
            minor += 1


def fill(template, number, place):
    return template.replace("{n}", number).replace("{x}", place)


def version_block(number, date, index, rng):
    """One version entry as YAML lines."""
    localized = index % 20 == 2  # one version in twenty is translated in full
    out = [f"  - version: {number}", f"    date: {date.isoformat()}"]
    title = rng.choice(VERSION_TITLES)
    if localized:
        out += text_lines("title", dict(zip(LOCALES, (t.replace("{v}", number) for t in title))), 4)
    elif index % 3 == 0:
        out += text_lines("title", title[0].replace("{v}", number), 4)
    out.append("    features:")
    for position, topic in enumerate(rng.sample(TOPICS, FEATURES_PER_VERSION)):
        place = rng.choice(PLACES)
        number_text = f"{rng.randint(2, 40) * 250:,}"  # one number per feature, so translations agree
        texts = [(fill(title, number_text, where), fill(subtitle, number_text, where))
                 for (title, subtitle), where in zip(topic, place)]
        slug = re.sub(r"[^a-z0-9]+", "-", topic[0][0].lower()).strip("-")
        out.append(f"      - id: {slug}-{number.replace('.', '-')}")
        if (index + position) % 17 == 5:
            symbol, color = INLINE_SYMBOLS[(index + position) % len(INLINE_SYMBOLS)]
            out += ["        image:", f"          systemName: {symbol}", f"          foregroundColor: {color}"]
        else:
            out.append(f"        image: {list(IMAGES)[(index * 3 + position) % len(IMAGES)]}")
        if localized:
            out += text_lines("title", dict(zip(LOCALES, (t for t, _ in texts))), 8)
            out += text_lines("subtitle", dict(zip(LOCALES, (s for _, s in texts))), 8)
        else:
            out += text_lines("title", texts[0][0], 8)
            out += text_lines("subtitle", texts[0][1], 8)
        if rng.random() < 0.4:
            out.append(f"        platforms: [{', '.join(sorted(rng.sample(PLATFORMS, rng.randint(1, 3))))}]")
    if index < len(PRIMARY_KEYS) or index % 7 == 3:
        out.append(f"    primaryAction: {PRIMARY_KEYS[index % len(PRIMARY_KEYS)]}")
    if index < len(SECONDARY_KEYS) or index % 4 == 1:
        out.append(f"    secondaryAction: {SECONDARY_KEYS[index % len(SECONDARY_KEYS)]}")
    elif index % 11 == 6:
        out += ["    secondaryAction:", f"      title: \"Read the **{number}** notes\"",
                f"      openURL: https://example.com/trails/releases/{number}"]
    if index % 9 == 4:
        out.append("    layout: { contentSpacing: 80, featureImageWidth: 48 }")
    return "\n".join(out) + "\n"


def generate(target_bytes, seed):
    rng = random.Random(seed)
    head = header()
    blocks = []
    size = len(head.encode())
    date = datetime.date(2012, 3, 1)
    for index, number in enumerate(version_numbers(rng)):
        if size >= target_bytes and index > 0:
            break
        date += datetime.timedelta(days=rng.randint(1, 4))
        block = version_block(number, date, index, rng)
        blocks.append(block)
        size += len(block.encode())
    # Newest first, as a changelog is read.
    return head + "".join(reversed(blocks)), len(blocks)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bytes", type=int, default=1_000_000, help="the size to reach (the file ends with a whole version)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--output", "-o", help="the file to write (default: standard output)")
    parser.add_argument("--erroneous-items", type=int, metavar="N",
                        help="write `versions` with N one-character items, each an error, instead")
    args = parser.parse_args()
    if args.erroneous_items is not None:
        text = "versions:\n" + "- a\n" * args.erroneous_items
        if args.output:
            with open(args.output, "w", encoding="utf-8") as out:
                out.write(text)
            print(f"{args.output}: {len(text.encode()):,} bytes, {args.erroneous_items:,} erroneous items", file=sys.stderr)
        else:
            sys.stdout.write(text)
        return
    text, count = generate(args.bytes, args.seed)
    if args.output:
        directory = os.path.dirname(os.path.abspath(args.output))
        os.makedirs(os.path.join(directory, "assets"), exist_ok=True)
        with open(os.path.join(directory, "assets", "logo.svg"), "w", encoding="utf-8") as svg:
            svg.write(LOGO_SVG)
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text)
        print(f"{args.output}: {len(text.encode()):,} bytes, {count:,} versions × {FEATURES_PER_VERSION} features",
              file=sys.stderr)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
