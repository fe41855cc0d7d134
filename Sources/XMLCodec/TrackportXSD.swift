// Generated from schema/trackport.xsd; a test checks that the two are byte-identical.
// Regenerate after editing the schema: see docs/xml-format.md, "Schema".

/// The XSD 1.0 schema of TrackerPort XML, embedded so validation needs no file at run time.
enum TrackportXSD {
  /// The text of `schema/trackport.xsd`.
  static let text = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!--
  TrackerPort XML, format versions 1, 2 and 3 (docs/xml-format.md), as XSD 1.0.
  Version 2 adds what habit apps share: a tracker's archived, description, goal, frequency and
  reminders, a record's amount and note, and entries; version 3 a goal's period. XSD 1.0
  cannot tie elements to the value of the version attribute, so one schema describes all; the
  writer writes version="2" exactly when a version-2 field is used, version="3" when a goal
  has a period other than a day.
  Free-text attributes are xs:string: a value holding a character XML 1.0 cannot carry is
  written as "~b64~" followed by the base64 of its UTF-8 (see "Text values" in the docs).
  Elements and attributes in other namespaces are allowed where noted and skipped.
-->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
           xmlns:tp="urn:trackport:1"
           targetNamespace="urn:trackport:1"
           elementFormDefault="qualified"
           attributeFormDefault="unqualified">

  <xs:element name="trackport" type="tp:Dataset"/>

  <xs:simpleType name="Day">
    <xs:restriction base="xs:string">
      <xs:pattern value="[0-9]{4}-[0-9]{2}-[0-9]{2}"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="LocalTime">
    <xs:restriction base="xs:string">
      <xs:pattern value="[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Weekday">
    <xs:restriction base="xs:string">
      <xs:enumeration value="mon"/>
      <xs:enumeration value="tue"/>
      <xs:enumeration value="wed"/>
      <xs:enumeration value="thu"/>
      <xs:enumeration value="fri"/>
      <xs:enumeration value="sat"/>
      <xs:enumeration value="sun"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Schedule">
    <xs:list itemType="tp:Weekday"/>
  </xs:simpleType>

  <xs:simpleType name="Kind">
    <xs:restriction base="xs:string">
      <xs:enumeration value="habit"/>
      <xs:enumeration value="event"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Boolean">
    <xs:restriction base="xs:string">
      <xs:enumeration value="true"/>
      <xs:enumeration value="false"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Integer">
    <xs:restriction base="xs:long">
      <xs:pattern value="-?[0-9]+"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Position">
    <xs:restriction base="tp:Integer"/>
  </xs:simpleType>

  <!-- An amount or a goal target: a finite number in JSON's notation (no INF, NaN, "+", ".5"). -->
  <xs:simpleType name="Amount">
    <xs:restriction base="xs:double">
      <xs:pattern value="-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Direction">
    <xs:restriction base="xs:string">
      <xs:enumeration value="atLeast"/>
      <xs:enumeration value="atMost"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Version">
    <xs:restriction base="xs:string">
      <xs:enumeration value="1"/>
      <xs:enumeration value="2"/>
      <xs:enumeration value="3"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- A goal's period (version 3): a day, a Monday-to-Sunday week, a calendar month, or n days. -->
  <xs:simpleType name="GoalPeriod">
    <xs:restriction base="xs:string">
      <xs:pattern value="day|week|month|-?(0|[1-9][0-9]{0,8})d"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- The JSON text of an object of extras namespaces (docs/xml-format.md, "Extras"). -->
  <xs:simpleType name="ExtrasText">
    <xs:restriction base="xs:string"/>
  </xs:simpleType>

  <xs:group name="Tail">
    <xs:sequence>
      <xs:any namespace="##other" processContents="skip" minOccurs="0" maxOccurs="unbounded"/>
      <xs:element name="extras" type="tp:ExtrasText" minOccurs="0"/>
    </xs:sequence>
  </xs:group>

  <xs:complexType name="Dataset">
    <xs:sequence>
      <xs:element name="categories" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="category" type="tp:Category" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="trackers" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="tracker" type="tp:Tracker" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="records" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="record" type="tp:Record" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="entries" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="entry" type="tp:Entry" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="tasks" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="task" type="tp:Task" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="taskCategoryOrder" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="category" minOccurs="0" maxOccurs="unbounded">
              <xs:complexType>
                <xs:attribute name="name" type="xs:string" use="required"/>
              </xs:complexType>
            </xs:element>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:group ref="tp:Tail"/>
    </xs:sequence>
    <xs:attribute name="version" type="tp:Version" use="required"/>
    <xs:anyAttribute namespace="##other" processContents="skip"/>
  </xs:complexType>

  <xs:complexType name="Category">
    <xs:group ref="tp:Tail"/>
    <xs:attribute name="id" type="xs:string" use="required"/>
    <xs:attribute name="title" type="xs:string" use="required"/>
    <xs:anyAttribute namespace="##other" processContents="skip"/>
  </xs:complexType>

  <xs:complexType name="Tracker">
    <xs:sequence>
      <xs:element name="goal" minOccurs="0">
        <xs:complexType>
          <xs:attribute name="target" type="tp:Amount" use="required"/>
          <xs:attribute name="direction" type="tp:Direction"/>
          <xs:attribute name="unit" type="xs:string"/>
          <xs:attribute name="period" type="tp:GoalPeriod"/>
        </xs:complexType>
      </xs:element>
      <xs:element name="frequency" minOccurs="0">
        <xs:complexType>
          <xs:attribute name="times" type="tp:Integer" use="required"/>
          <xs:attribute name="days" type="tp:Integer" use="required"/>
        </xs:complexType>
      </xs:element>
      <!-- time is HH:MM as written: rule reminder-time-invalid checks it, as colours are. -->
      <xs:element name="reminder" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType>
          <xs:attribute name="time" type="xs:string" use="required"/>
          <xs:attribute name="days" type="tp:Schedule"/>
        </xs:complexType>
      </xs:element>
      <xs:group ref="tp:Tail"/>
    </xs:sequence>
    <xs:attribute name="id" type="xs:string" use="required"/>
    <xs:attribute name="kind" type="tp:Kind" use="required"/>
    <xs:attribute name="name" type="xs:string" use="required"/>
    <xs:attribute name="categoryId" type="xs:string" use="required"/>
    <xs:attribute name="emoji" type="xs:string"/>
    <xs:attribute name="color" type="xs:string"/>
    <xs:attribute name="schedule" type="tp:Schedule"/>
    <xs:attribute name="date" type="tp:Day"/>
    <xs:attribute name="pinned" type="tp:Boolean"/>
    <xs:attribute name="createdOn" type="tp:Day"/>
    <xs:attribute name="archived" type="tp:Boolean"/>
    <xs:attribute name="description" type="xs:string"/>
    <xs:anyAttribute namespace="##other" processContents="skip"/>
  </xs:complexType>

  <xs:complexType name="Record">
    <xs:group ref="tp:Tail"/>
    <xs:attribute name="trackerId" type="xs:string" use="required"/>
    <xs:attribute name="date" type="tp:Day" use="required"/>
    <xs:attribute name="amount" type="tp:Amount"/>
    <xs:attribute name="note" type="xs:string"/>
    <xs:anyAttribute namespace="##other" processContents="skip"/>
  </xs:complexType>

  <!-- A day marked but not done: skipped, an amount below the goal, or a note (version 2). -->
  <xs:complexType name="Entry">
    <xs:group ref="tp:Tail"/>
    <xs:attribute name="trackerId" type="xs:string" use="required"/>
    <xs:attribute name="date" type="tp:Day" use="required"/>
    <xs:attribute name="skipped" type="tp:Boolean"/>
    <xs:attribute name="amount" type="tp:Amount"/>
    <xs:attribute name="note" type="xs:string"/>
    <xs:anyAttribute namespace="##other" processContents="skip"/>
  </xs:complexType>

  <xs:complexType name="Task">
    <xs:sequence>
      <xs:element name="reminder" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType>
          <xs:attribute name="at" type="tp:LocalTime" use="required"/>
        </xs:complexType>
      </xs:element>
      <xs:element name="attachment" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType>
          <xs:attribute name="name" type="xs:string" use="required"/>
          <xs:attribute name="uri" type="xs:string" use="required"/>
        </xs:complexType>
      </xs:element>
      <xs:group ref="tp:Tail"/>
    </xs:sequence>
    <xs:attribute name="id" type="xs:string" use="required"/>
    <xs:attribute name="title" type="xs:string" use="required"/>
    <xs:attribute name="description" type="xs:string"/>
    <xs:attribute name="color" type="xs:string"/>
    <xs:attribute name="category" type="xs:string"/>
    <xs:attribute name="start" type="tp:LocalTime"/>
    <xs:attribute name="end" type="tp:LocalTime"/>
    <xs:attribute name="done" type="tp:Boolean"/>
    <xs:attribute name="position" type="tp:Position"/>
    <xs:anyAttribute namespace="##other" processContents="skip"/>
  </xs:complexType>
</xs:schema>

"""#
}
