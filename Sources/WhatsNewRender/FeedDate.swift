import WhatsNewModel

/// A version's date (`YYYY-MM-DD`) as feeds write it: midnight UTC of that day, never the clock.
enum FeedDate {
    /// RFC 3339 (Atom, JSON Feed): `2026-11-01T00:00:00Z`; nil when `date` is not a calendar date.
    static func rfc3339(_ date: String) -> String? {
        guard parts(of: date) != nil else { return nil }
        return date + "T00:00:00Z"
    }

    /// RFC 822 with a four-digit year, as RSS 2.0 and Sparkle read it: `Sun, 01 Nov 2026 00:00:00 +0000`.
    static func rfc822(_ date: String) -> String? {
        guard let (year, month, day) = parts(of: date) else { return nil }
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]   // 1970-01-01 was a Thursday
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let weekday = weekdays[((days % 7) + 7) % 7]
        let twoDigitDay = day < 10 ? "0\(day)" : "\(day)"
        return "\(weekday), \(twoDigitDay) \(months[month - 1]) \(year) 00:00:00 +0000"
    }

    private static func parts(of date: String) -> (year: Int, month: Int, day: Int)? {
        guard VersionEntry.isISODate(date) else { return nil }
        let fields = date.split(separator: "-").compactMap { Int($0) }
        guard fields.count == 3 else { return nil }
        return (fields[0], fields[1], fields[2])
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
