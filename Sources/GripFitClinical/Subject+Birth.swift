import Foundation

extension Subject {
    /// A birth date, or only the year when that is all a clinic records (ages from it are approximate).
    public enum Birth: Equatable, Sendable, CustomStringConvertible {
        case date(Day)
        case year(Int)

        /// A calendar day (proleptic Gregorian), checked to exist.
        public struct Day: Equatable, Comparable, Sendable, CustomStringConvertible {
            public let year: Int
            public let month: Int
            public let day: Int

            /// Nil when the day does not exist (February 30th, month 13, year 0).
            public init?(year: Int, month: Int, day: Int) {
                guard (1...9999).contains(year), (1...12).contains(month),
                    (1...Self.days(inMonth: month, of: year)).contains(day)
                else { return nil }
                self.year = year
                self.month = month
                self.day = day
            }

            /// Parses `YYYY-MM-DD` exactly (four, two and two digits); nil for any other text or a day that does not exist.
            public init?(_ text: String) {
                let parts = text.split(separator: "-", omittingEmptySubsequences: false)
                guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
                    parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                    let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
                else { return nil }
                self.init(year: year, month: month, day: day)
            }

            /// The calendar day of `date` in `timeZone` (an assessment's day is where it was measured).
            public init(_ date: Date, in timeZone: TimeZone) {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = timeZone
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                // A Gregorian calendar always yields all three components.
                year = parts.year ?? 1970
                month = parts.month ?? 1
                day = parts.day ?? 1
            }

            public var description: String {
                String(format: "%04d-%02d-%02d", year, month, day)
            }

            public static func < (lhs: Day, rhs: Day) -> Bool {
                (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
            }

            /// Days since 1 March of year 0 (proleptic Gregorian): two days' difference is the days between them.
            public var dayNumber: Int {
                let shifted = month > 2 ? year : year - 1
                let monthFromMarch = (month + 9) % 12
                let daysBeforeMonth = (153 * monthFromMarch + 2) / 5
                return 365 * shifted + shifted / 4 - shifted / 100 + shifted / 400 + daysBeforeMonth + day - 1
            }

            static func days(inMonth month: Int, of year: Int) -> Int {
                switch month {
                case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
                case 4, 6, 9, 11: 30
                default: 31
                }
            }
        }

        /// `YYYY-MM-DD` or `YYYY`, as stored and as the options take them.
        public var description: String {
            switch self {
            case .date(let day): day.description
            case .year(let year): String(format: "%04d", year)
            }
        }

        /// The birth given as options (`--birth-date` or `--birth-year`, not both), checked against `today`.
        public static func parse(date: String?, year: Int?, today: Day) throws(SubjectError) -> Birth? {
            let birth: Birth
            switch (date, year) {
            case (nil, nil): return nil
            case (let text?, nil):
                guard let day = Day(text) else { throw .badBirthDate(text) }
                birth = .date(day)
            case (nil, let year?): birth = .year(year)
            case (_?, _?): throw .twoBirths
            }
            try birth.check(today: today)
            return birth
        }

        /// Reads what ``description`` writes; nil for anything else.
        public init?(stored text: String) {
            if text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(text) {
                self = .year(year)
            } else if let day = Day(text) {
                self = .date(day)
            } else {
                return nil
            }
        }

        /// Refuses a birth after `today` or more than ``Subject/oldestAge`` years before it.
        public func check(today: Day) throws(SubjectError) {
            let oldest = Subject.oldestAge
            switch self {
            case .date(let day):
                guard day <= today else { throw .futureBirth(description, today: today) }
                guard today.year - day.year <= oldest else { throw .tooOld(description, oldest: oldest) }
            case .year(let year):
                guard year <= today.year else { throw .futureBirth(description, today: today) }
                guard today.year - year <= oldest else { throw .tooOld(description, oldest: oldest) }
            }
        }
    }
}
