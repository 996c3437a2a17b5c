# orientd: build and install.
#   make                      release binaries in .build-bin/: orientd in Embedded Swift
#                             (scripts/build-embedded), orientctl with the static Swift stdlib
#   make install              PREFIX=/usr/local DESTDIR=
#   make install-compat       also serve net.hadess.SensorProxy (replaces iio-sensor-proxy)
#   make test                 every test (scripts/test)
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
LIBEXECDIR = $(PREFIX)/libexec
UNITDIR = $(PREFIX)/lib/systemd/system
UDEVRULESDIR = $(PREFIX)/lib/udev/rules.d
DBUSPOLICYDIR = $(PREFIX)/share/dbus-1/system.d
DBUSSERVICEDIR = $(PREFIX)/share/dbus-1/system-services
DBUSINTERFACEDIR = $(PREFIX)/share/dbus-1/interfaces
DOCDIR = $(PREFIX)/share/doc/orientd
# The daemon is built in Embedded Swift: no Swift runtime, only what it uses of the standard
# library, compiled in. orientctl (ArgumentParser) links the Swift standard library statically:
# the dynamic build's RUNPATH points into the toolchain. BIN holds what is installed and tested.
SCRATCH = .build-static
SWIFT_RELEASE = swift build -c release --static-swift-stdlib --scratch-path $(SCRATCH)
EMBEDDED = .build-embedded
BIN = .build-bin
DAEMON_SOURCES = $(shell find Sources/CLibc Sources/CSystemd Sources/CIIO Sources/CallError Sources/Systemd \
	Sources/IIO Sources/OrientationCore Sources/Sensors Sources/OrientdDaemon Sources/orientd -type f)

.PHONY: all build orientctl install install-compat uninstall test
all: build

build: $(BIN)/orientd orientctl

$(BIN)/orientd: $(DAEMON_SOURCES) scripts/build-embedded
	scripts/build-embedded $(EMBEDDED)
	install -Dm755 $(EMBEDDED)/orientd $@

# SwiftPM tracks orientctl's sources itself.
orientctl:
	$(SWIFT_RELEASE) --product orientctl
	install -Dm755 $(SCRATCH)/release/orientctl $(BIN)/orientctl

install: build
	install -Dm755 $(BIN)/orientd $(DESTDIR)$(LIBEXECDIR)/orientd
	install -Dm755 $(BIN)/orientctl $(DESTDIR)$(BINDIR)/orientctl
	install -d $(DESTDIR)$(UNITDIR)
	sed -e 's|/usr/libexec/orientd|$(LIBEXECDIR)/orientd|' -e 's|/usr/share/doc/orientd|$(DOCDIR)|' \
		systemd/orientd.service > $(DESTDIR)$(UNITDIR)/orientd.service
	chmod 644 $(DESTDIR)$(UNITDIR)/orientd.service
	install -Dm644 udev/80-orientd.rules $(DESTDIR)$(UDEVRULESDIR)/80-orientd.rules
	install -Dm644 dbus/org.orientd.Orientation1.conf $(DESTDIR)$(DBUSPOLICYDIR)/org.orientd.Orientation1.conf
	install -Dm644 dbus/org.orientd.Orientation1.service $(DESTDIR)$(DBUSSERVICEDIR)/org.orientd.Orientation1.service
	install -Dm644 dbus/org.orientd.Orientation1.xml $(DESTDIR)$(DBUSINTERFACEDIR)/org.orientd.Orientation1.xml
	install -Dm644 README.md $(DESTDIR)$(DOCDIR)/README.md

install-compat: install
	install -d $(DESTDIR)$(UNITDIR)/orientd.service.d
	sed 's|/usr/libexec/orientd|$(LIBEXECDIR)/orientd|' systemd/orientd.service.d/sensor-proxy-compat.conf \
		> $(DESTDIR)$(UNITDIR)/orientd.service.d/sensor-proxy-compat.conf
	chmod 644 $(DESTDIR)$(UNITDIR)/orientd.service.d/sensor-proxy-compat.conf
	install -Dm644 dbus/net.hadess.SensorProxy.conf $(DESTDIR)$(DBUSPOLICYDIR)/net.hadess.SensorProxy.conf
	install -Dm644 dbus/net.hadess.SensorProxy.service $(DESTDIR)$(DBUSSERVICEDIR)/net.hadess.SensorProxy.service

uninstall:
	rm -f $(DESTDIR)$(LIBEXECDIR)/orientd $(DESTDIR)$(BINDIR)/orientctl \
		$(DESTDIR)$(UNITDIR)/orientd.service $(DESTDIR)$(UNITDIR)/orientd.service.d/sensor-proxy-compat.conf \
		$(DESTDIR)$(UDEVRULESDIR)/80-orientd.rules \
		$(DESTDIR)$(DBUSPOLICYDIR)/org.orientd.Orientation1.conf $(DESTDIR)$(DBUSPOLICYDIR)/net.hadess.SensorProxy.conf \
		$(DESTDIR)$(DBUSSERVICEDIR)/org.orientd.Orientation1.service $(DESTDIR)$(DBUSSERVICEDIR)/net.hadess.SensorProxy.service \
		$(DESTDIR)$(DBUSINTERFACEDIR)/org.orientd.Orientation1.xml $(DESTDIR)$(DOCDIR)/README.md

test:
	scripts/test
