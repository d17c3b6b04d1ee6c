import GripFitCore
import GripFitOutput
import GripFitRecords
import GripFitStore

extension PostgresHistory {
    /// The calibration in force for each device: the latest saved, from whichever station.
    /// One no scale can have is damage, named, as ``CalibrationBook`` names it in a file.
    public func calibrations() throws(StoreError) -> [StoredCalibration] {
        let rows = try with { statements in
            try statements.rows(
                """
                SELECT DISTINCT ON (device) device, offset_counts, counts_per_kg, date, mass_kg FROM calibration
                ORDER BY device, id DESC
                """
            )
        }
        var calibrations: [StoredCalibration] = []
        for row in rows {
            let device: String = (try? StoredRow(row: row, record: "a calibration").value("device")) ?? ""
            let stored = StoredRow(row: row, record: "the calibration of \(device)")
            let offset = try stored.finite("offset_counts")
            let scale = try stored.finite("counts_per_kg")
            let mass = try stored.optionalFinite("mass_kg")
            guard StoredCalibration.isPlausible(offset: offset, countsPerKilogram: scale, massKilograms: mass) else {
                throw stored.damaged("calibration", "is out of range (offset \(offset), \(scale) counts/kg)")
            }
            calibrations.append(
                StoredCalibration(
                    device: device,
                    calibration: Calibration(offset: offset, countsPerKilogram: scale),
                    date: try stored.value("date"),
                    massKilograms: mass
                )
            )
        }
        return calibrations
    }

    /// Files a device's new calibration; the ones before it stay, as a record of when it changed.
    public func addCalibration(_ calibration: StoredCalibration) throws(StoreError) {
        guard
            StoredCalibration.isPlausible(
                offset: calibration.offset,
                countsPerKilogram: calibration.countsPerKilogram,
                massKilograms: calibration.massKilograms
            )
        else {
            throw .notExportable("the calibration of \(UntrustedText.escaped(calibration.device)) is out of range; calibrate again")
        }
        try with { statements in
            try statements.execute(
                "INSERT INTO calibration (device, offset_counts, counts_per_kg, date, mass_kg) VALUES ($1, $2, $3, $4, $5)",
                [calibration.device, calibration.offset, calibration.countsPerKilogram, calibration.date, calibration.massKilograms]
            )
        }
    }
}

extension PostgresHistory {
    /// Makes this station's calibration file and the server agree, device by device, the newer
    /// calibration (by its RFC 3339 UTC date) winning on both sides: a GripFit calibrated at one
    /// station is then calibrated at every station that reaches the server. Returns how many
    /// calibrations came from the server and how many went to it.
    public func share(with book: CalibrationBook) throws(StoreError) -> (pulled: Int, pushed: Int) {
        let onServer = Dictionary(try calibrations().map { ($0.device, $0) }) { _, last in last }
        let here = Dictionary(try book.all().map { ($0.device, $0) }) { _, last in last }
        var pulled = 0
        var pushed = 0
        for device in Set(onServer.keys).union(here.keys).sorted() {
            switch (onServer[device], here[device]) {
            case (let server?, let local?) where server.date > local.date:
                try book.save(server)
                pulled += 1
            case (let server?, nil):
                try book.save(server)
                pulled += 1
            case (let server?, let local?) where local.date > server.date:
                try addCalibration(local)
                pushed += 1
            case (nil, let local?):
                try addCalibration(local)
                pushed += 1
            default:
                continue
            }
        }
        return (pulled, pushed)
    }
}
